import { mdiPlus } from '@mdi/js';
import { useState } from 'react';
import { can } from '../../../../contract/permissions';
import { TEST_PROFILE_STATUSES, type TestProfile } from '../../../../contract/test-profiles';
import { projectTestProfilesOptions } from '../../../api/test-profiles';
import { useSession } from '../../../app/app-actor';
import { Button } from '../../../components/button';
import { DataTable } from '../../../components/data-table/data-table';
import { TableFilter, useTableFilter } from '../../../components/data-table/table-filter';
import type { Column, ListQuery } from '../../../components/data-table/types';
import { RoleNote } from '../../../components/role-note';
import { formatDate, formatNumber, titleCase } from '../../../lib/format';
import type { SectionProps } from '../section-props';
import { GoldenUnitsCard } from './golden/golden-units-card';
import { HeldReportsCard } from './golden/held-reports-card';
import { NewProfileDialog } from './new-profile-dialog';
import { TestProfileStatusBadge } from './profile-status';
import { AlertRulesCard } from '../alerts/alert-rules-card';

const STATUS_OPTIONS = TEST_PROFILE_STATUSES.map((s) => ({ value: s, label: titleCase(s) }));

const columns: Column<TestProfile>[] = [
  { key: 'name', header: 'Name', sortable: true, card: 'title', cell: (p) => <span className="font-medium">{p.name}</span> },
  { key: 'version', header: 'Version', sortable: true, cell: (p) => <span className="tabular-nums">{p.version}</span> },
  { key: 'status', header: 'Status', sortable: true, card: 'badge', cell: (p) => <TestProfileStatusBadge status={p.status} /> },
  { key: 'step_count', header: 'Steps', className: 'text-right tabular-nums', cell: (p) => formatNumber(p.step_count) },
  { key: 'report_count', header: 'Reports', className: 'text-right tabular-nums', cell: (p) => formatNumber(p.report_count) },
  { key: 'updated_at', header: 'Changed', sortable: true, card: 'meta', cell: (p) => formatDate(p.updated_at) },
];

/** `/projects/{id}/tests`: the project's test profiles, the active one first, and "New profile". */
export function TestsTab({ project }: SectionProps) {
  const session = useSession();
  const [adding, setAdding] = useState(false);
  const canEdit = can(session?.user, 'production.edit', { company_id: project.company_id });
  const status = useTableFilter('status', TEST_PROFILE_STATUSES);
  const query: ListQuery<TestProfile> = (p) => projectTestProfilesOptions(project.id)({ ...p, status });
  return (
    <div className="flex flex-col gap-4">
      <DataTable
        label="Test profiles"
        columns={columns}
        query={query}
        rowKey={(p) => p.id}
        rowHref={(p) => `/testprofiles/${p.id}`}
        defaults={{ sortby: 'status' }}
        searchPlaceholder="Name or version"
        emptyText={status ? `No ${status} test profiles.` : 'No test profiles yet. Create one, add its steps and activate it: the jigs then run it.'}
        toolbar={
          <>
            <TableFilter param="status" label="Status" options={STATUS_OPTIONS} allLabel="All statuses" />
            {canEdit ? (
              <Button icon={mdiPlus} onClick={() => setAdding(true)} className="sm:ml-auto">
                New profile
              </Button>
            ) : (
              <RoleNote permission="production.edit" action="create test profiles" owner={{ company_id: project.company_id, named: 'the project’s company' }} className="sm:ml-auto" />
            )}
          </>
        }
      />
      {canEdit ? <NewProfileDialog projectId={project.id} open={adding} onOpenChange={setAdding} /> : null}
      <HeldReportsCard project={project} />
      <GoldenUnitsCard project={project} />
      <AlertRulesCard project={project} />
    </div>
  );
}
