import { mdiPlus } from '@mdi/js';
import { useState } from 'react';
import type { Manufacturer } from '../../../../contract/projects';
import { projectManufacturersOptions } from '../../../api/manufacturers';
import { useSession } from '../../../app/app-actor';
import { Button } from '../../../components/button';
import { DataTable } from '../../../components/data-table/data-table';
import type { Column, ListQuery } from '../../../components/data-table/types';
import { RoleNote } from '../../../components/role-note';
import { formatDate } from '../../../lib/format';
import { can } from '../../../../contract/permissions';
import { InvitationsSection } from '../invites/invitations-section';
import { useManufacturersView } from '../manufacturers-view';
import type { SectionProps } from '../section-props';
import { ManufacturerFormDialog } from './manufacturer-form-dialog';

const columns: Column<Manufacturer>[] = [
  { key: 'name', header: 'Name', sortable: true, card: 'title', cell: (m) => <span className="font-medium">{m.name}</span> },
  {
    key: 'contact_email',
    header: 'Contact',
    cell: (m) =>
      m.contact_email ? (
        <a href={`mailto:${m.contact_email}`} className="text-primary-dark hover:underline">
          {m.contact_email}
        </a>
      ) : (
        '—'
      ),
  },
  { key: 'created_at', header: 'Added', sortable: true, card: 'meta', cell: (m) => formatDate(m.created_at) },
];

/** `/projects/{id}/manufacturers`: who builds this project's boards; `?view=invitations` is the Invitations tab. */
export function ManufacturersTab({ project }: SectionProps) {
  const session = useSession();
  const [adding, setAdding] = useState(false);
  const query: ListQuery<Manufacturer> = (p) => projectManufacturersOptions(project.id, p);
  const canAdd = can(session?.user, 'production.edit', { company_id: project.company_id });
  const view = useManufacturersView();
  if (view === 'invitations') {
    // A manufacturer's people who joined the project have no tab for it: the list is the company's.
    return can(session?.user, 'company.read', { company_id: project.company_id }) ? (
      <InvitationsSection project={project} />
    ) : (
      <RoleNote permission="company.read" action="see this project’s invitations" owner={{ company_id: project.company_id, named: 'the project’s company' }} />
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <DataTable
        label="Manufacturers"
        columns={columns}
        query={query}
        rowKey={(m) => m.id}
        defaults={{ sortby: 'name' }}
        emptyText="No manufacturers yet. Add the company that builds this project’s boards."
        toolbar={
          canAdd ? (
            <Button icon={mdiPlus} onClick={() => setAdding(true)} className="sm:ml-auto">
              Add manufacturer
            </Button>
          ) : (
            <RoleNote permission="production.edit" action="add manufacturers" owner={{ company_id: project.company_id, named: 'the project’s company' }} className="sm:ml-auto" />
          )
        }
      />
      {canAdd ? (
        <ManufacturerFormDialog projectId={project.id} open={adding} onOpenChange={setAdding} />
      ) : null}
    </div>
  );
}
