import { mdiPlus } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { FailureCode } from '../../../contract/repairs';
import { can } from '../../../contract/permissions';
import { failureCodesOptions } from '../../api/failure-codes';
import { useSession } from '../../app/app-actor';
import type { ScreenProps } from '../../app/screen-props';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { ChooseCompanyPrompt, CompanyPicker, useCompanyScope } from '../../components/company-scope';
import { RowsTable } from '../../components/data-table/rows-table';
import type { Column } from '../../components/data-table/types';
import { ErrorPresenter } from '../../components/error-presenter';
import { FilterSelect } from '../../components/filter-select';
import { PageHeader } from '../../components/page-header';
import { LoadingBlock } from '../../components/spinner';
import { formatNumber } from '../../lib/format';
import { useSearchState } from '../../lib/url-search';
import { FailureCodeActions } from './failure-code-actions';
import { FailureCodeDialog } from './failure-code-dialog';

const columns = (companyId: number, editable: boolean): Column<FailureCode>[] => [
  { key: 'code', header: 'Code', card: 'title', cell: (c) => <span className="font-mono font-medium whitespace-nowrap">{c.code}</span> },
  { key: 'archived', header: 'Status', card: 'badge', cell: (c) => (c.archived ? <Badge tone="muted">Archived</Badge> : <Badge tone="success">In use</Badge>) },
  { key: 'description', header: 'Description', cell: (c) => <span className="break-words whitespace-normal">{c.description}</span> },
  { key: 'repair_count', header: 'Repairs', className: 'text-right tabular-nums', cell: (c) => formatNumber(c.repair_count) },
  ...(editable ? [{ key: 'actions', header: 'Actions', className: 'text-right', card: 'actions' as const, cell: (c: FailureCode) => <FailureCodeActions companyId={companyId} code={c} /> }] : []),
];

/**
 * `/failure-codes`: the company's list of what technicians find. Everyone reads it (the repair
 * form offers it); its admins add, edit, archive and delete unused codes.
 */
export function FailureCodesScreen({ title }: ScreenProps) {
  const session = useSession();
  const scope = useCompanyScope();
  const { params, set } = useSearchState();
  const [adding, setAdding] = useState(false);
  const withArchived = params.get('archived') === 'true';
  const companyId = scope.companyId ?? 0;
  const query = useQuery(failureCodesOptions({ companyId, archived: withArchived }));
  const editable = !!scope.companyId && can(session?.user, 'company.manage', { company_id: scope.companyId });
  const company = scope.companyName ?? 'the company';
  return (
    <>
      <PageHeader
        title={title}
        description={
          editable
            ? `What ${company}’s technicians record on a repair. Archive a code to stop offering it; its repairs keep it.`
            : `What ${company}’s technicians record on a repair. The company’s admins edit the list.`
        }
        actions={
          editable ? (
            <Button icon={mdiPlus} onClick={() => setAdding(true)}>
              Add failure code
            </Button>
          ) : null
        }
      />
      <div className="mb-4 flex flex-col gap-3">
        <CompanyPicker scope={scope} />
        {scope.companyId ? (
          <FilterSelect
            label="Show"
            value={withArchived ? 'true' : ''}
            onValueChange={(v) => set({ archived: v || null })}
            options={[{ value: 'true', label: 'In use and archived' }]}
            allLabel="In use"
          />
        ) : null}
      </div>
      {!scope.companyId ? (
        <ChooseCompanyPrompt what="failure codes" />
      ) : query.isPending ? (
        <LoadingBlock label="Loading failure codes" />
      ) : query.isError ? (
        <ErrorPresenter error={query.error} title="Could not load the failure codes" />
      ) : (
        <RowsTable
          label="Failure codes"
          columns={columns(companyId, editable)}
          rows={query.data}
          rowKey={(c) => c.id}
          pageSize={50}
          emptyText={editable ? 'No failure codes yet. Add the first one.' : 'No failure codes yet.'}
        />
      )}
      {adding && scope.companyId ? <FailureCodeDialog companyId={scope.companyId} open onOpenChange={setAdding} /> : null}
    </>
  );
}
