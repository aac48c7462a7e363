import { mdiPlus } from '@mdi/js';
import { useState } from 'react';
import type { Manufacturer } from '../../../../contract/projects';
import { projectManufacturersOptions } from '../../../api/manufacturers';
import { useSession } from '../../../app/app-actor';
import { Button } from '../../../components/button';
import { DataTable } from '../../../components/data-table/data-table';
import type { Column, ListQuery } from '../../../components/data-table/types';
import { Notice } from '../../../components/notice';
import { formatDate } from '../../../lib/format';
import { can } from '../../../../contract/permissions';
import { InvitationsSection } from '../invites/invitations-section';
import { SectionSwitch, useManufacturersView } from '../invites/section-switch';
import type { SectionProps } from '../section-props';
import { ManufacturerFormDialog } from './manufacturer-form-dialog';

const columns: Column<Manufacturer>[] = [
  { key: 'name', header: 'Name', sortable: true, cell: (m) => <span className="font-medium">{m.name}</span> },
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
  { key: 'created_at', header: 'Added', sortable: true, cell: (m) => formatDate(m.created_at) },
];

/** `/projects/{id}/manufacturers`: who builds this project's boards. */
export function ManufacturersTab({ project }: SectionProps) {
  const session = useSession();
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<string | null>(null);
  const query: ListQuery<Manufacturer> = (p) => projectManufacturersOptions(project.id, p);
  const canAdd = can(session?.user, 'production.edit', { company_id: project.company_id });
  const view = useManufacturersView();
  if (view === 'invitations') {
    return (
      <div className="flex flex-col gap-4">
        <SectionSwitch projectId={project.id} current={view} />
        <InvitationsSection project={project} />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <SectionSwitch projectId={project.id} current={view} />
      <Notice>{added ? `${added} was added.` : null}</Notice>
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
          ) : null
        }
      />
      {canAdd ? (
        <ManufacturerFormDialog projectId={project.id} open={adding} onOpenChange={setAdding} onCreated={setAdded} />
      ) : null}
    </div>
  );
}
