import { mdiPencil, mdiPlus } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { TEST_VARIABLE_TYPE_NAMES, type TestProfile, type TestVariable } from '../../../../../contract/test-profiles';
import { deleteTestVariable, testProfilePartDeleted, testVariablesOptions } from '../../../../api/test-profiles';
import { Button } from '../../../../components/button';
import { Card } from '../../../../components/card';
import { RowsTable } from '../../../../components/data-table/rows-table';
import type { Column } from '../../../../components/data-table/types';
import { DeleteAction } from '../../../../components/delete-action';
import { ErrorPresenter } from '../../../../components/error-presenter';
import { LoadingBlock } from '../../../../components/spinner';
import { VariableDialog } from './variable-dialog';

type Props = { profile: TestProfile; editable: boolean };

const shown = (v: TestVariable) => (typeof v.value === 'boolean' ? (v.value ? 'Yes' : 'No') : String(v.value));

/** The values the jig's test program reads, each of a type; a draft's are added, edited, deleted. */
export function VariablesSection({ profile, editable }: Props) {
  const variables = useQuery(testVariablesOptions(profile.id));
  const [editing, setEditing] = useState<TestVariable | 'new' | null>(null);
  const columns: Column<TestVariable>[] = [
    { key: 'name', header: 'Name', card: 'title', cell: (v) => <code className="font-medium">{v.name}</code> },
    {
      key: 'type',
      header: 'Type',
      cell: (v) => (
        <span className="whitespace-normal">
          {TEST_VARIABLE_TYPE_NAMES[v.type]}
          {v.type === 'enum' ? <span className="block text-xs text-secondary">{v.choices.join(' · ')}</span> : null}
        </span>
      ),
    },
    { key: 'value', header: 'Value', cell: (v) => <span className="break-all whitespace-normal">{shown(v)}</span> },
    ...(editable
      ? [
          {
            key: 'actions',
            header: 'Actions',
            className: 'text-right',
            card: 'actions' as const,
            cell: (v: TestVariable) => (
              <div className="-my-1.5 flex flex-wrap justify-end">
                <Button variant="ghost" className="min-h-9 px-2" icon={mdiPencil} onClick={() => setEditing(v)} aria-label={`Edit ${v.name}`}>
                  Edit
                </Button>
                <DeleteAction compact kind="variable" name={v.name} remove={() => deleteTestVariable(v.id)} refresh={(c) => testProfilePartDeleted(c, profile.id)} />
              </div>
            ),
          },
        ]
      : []),
  ];
  return (
    <Card title={`Variables (${variables.data?.length ?? 0})`}>
      {editable ? (
        <div className="mb-3 flex justify-end">
          <Button icon={mdiPlus} onClick={() => setEditing('new')}>
            Add variable
          </Button>
        </div>
      ) : null}
      {variables.isPending ? (
        <LoadingBlock label="Loading variables" />
      ) : variables.isError ? (
        <ErrorPresenter error={variables.error} title="Could not load the variables" />
      ) : (
        <RowsTable label="Variables" columns={columns} rows={variables.data} rowKey={(v) => v.id} emptyText="No variables." />
      )}
      {editable ? (
        <VariableDialog profile={profile} variable={editing === 'new' || editing === null ? undefined : editing} open={editing !== null} onOpenChange={(open) => (open ? null : setEditing(null))} />
      ) : null}
    </Card>
  );
}
