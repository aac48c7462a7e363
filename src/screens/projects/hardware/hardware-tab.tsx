import { mdiCassette, mdiPencil, mdiPlus } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { cassetteDifference } from '../../../../contract/cassette-match';
import { AMS_TYPE_LABELS } from '../../../../contract/cassette-module-types';
import type { ProjectCassette, TestResource } from '../../../../contract/hardware';
import { can } from '../../../../contract/permissions';
import { configurationOptions, hardwareChoicesOptions, projectCassettesOptions, testResourcesOptions } from '../../../api/hardware';
import { useSession } from '../../../app/app-actor';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { DataTable } from '../../../components/data-table/data-table';
import { RowsTable } from '../../../components/data-table/rows-table';
import type { Column, ListQuery } from '../../../components/data-table/types';
import { ErrorPresenter } from '../../../components/error-presenter';
import { RoleNote } from '../../../components/role-note';
import { SlotGrid } from '../../../components/slot-grid';
import { LoadingBlock } from '../../../components/spinner';
import type { SectionProps } from '../section-props';
import { AssignCassetteDialog } from './assign-cassette-dialog';
import { BoardSection } from './board-section';
import { ConfigurationDialog } from './configuration-dialog';
import { TestFunctionsSection } from './test-functions-section';
import { TestResourceDialog } from './test-resource-dialog';
import { JigName } from '../../../components/jig-name';

const RESOURCE_COLUMNS: Column<TestResource>[] = [
  { key: 'name', header: 'Name', sortable: true, card: 'title', cell: (r) => <span className="font-medium">{r.name}</span> },
  { key: 'resource_type', header: 'Resource type', sortable: true, cell: (r) => r.resource_type.name },
  {
    key: 'bay',
    header: 'Cartridge pin',
    sortable: true,
    cell: (r) => (
      <span className="flex flex-col">
        <span>
          Bay {r.selected_cartridge.bay} · pin {r.connector_pin.number} <span className="text-secondary">{r.connector_pin.name}</span>
        </span>
        <span className="text-xs text-secondary">{r.selected_cartridge.cartridge_type.name}</span>
      </span>
    ),
  },
  {
    key: 'module',
    header: 'AMS module',
    cell: (r) => (r.selected_module ? `Slot ${r.selected_module.slot}: ${r.selected_module.module_type.name}` : <span className="text-secondary">—</span>),
  },
  {
    key: 'origin',
    header: 'From',
    card: 'meta',
    cell: (r) => (r.test_pad_group_id !== null ? <Badge tone="info">Request’s pad group</Badge> : <span className="text-secondary">Added</span>),
  },
];

const CASSETTE_COLUMNS: Column<ProjectCassette>[] = [
  {
    key: 'serial',
    header: 'Cassette',
    card: 'title',
    cell: (c) => (
      <span className="flex flex-col">
        <Link href={`/cassettes/${c.id}`} className="font-medium text-primary-dark hover:underline">
          {c.serial}
        </Link>
        <span className="text-xs text-secondary">{c.name}</span>
      </span>
    ),
  },
  { key: 'enclosure', header: 'Enclosure', cell: (c) => (c.enclosure ? <JigName jig={c.enclosure} serial={c.enclosure.serial} /> : <span className="text-secondary">None</span>) },
  {
    key: 'matches',
    header: 'Configuration',
    card: 'badge',
    cell: (c) =>
      c.matches ? (
        <Badge tone="success">Matches</Badge>
      ) : (
        <span className="flex flex-wrap items-center gap-2">
          <Badge tone="warning">Differs</Badge>
          <span className="text-xs text-secondary">{cassetteDifference(c)}</span>
        </span>
      ),
  },
];

/**
 * `/projects/{id}/hardware`: the project's cassette configuration drawn by slot and bay, its
 * board's test pads (each opening its pad group, pin and steps), its test resources, the
 * cassettes it runs on, and the test functions its profiles call.
 */
export function HardwareTab({ project }: SectionProps) {
  const session = useSession();
  const canEdit = can(session?.user, 'production.edit', { company_id: project.company_id });
  const configuration = useQuery(configurationOptions(project.id));
  const choices = useQuery({ ...hardwareChoicesOptions(project.id), enabled: canEdit });
  const cassettes = useQuery(projectCassettesOptions(project.id));
  const [dialog, setDialog] = useState<'configuration' | 'resource' | 'cassette' | null>(null);
  const resources: ListQuery<TestResource> = (p) => testResourcesOptions(project.id, p);
  const close = (open: boolean) => (open ? undefined : setDialog(null));
  const note = (action: string) => (
    <RoleNote permission="production.edit" action={action} owner={{ company_id: project.company_id, named: 'the project’s company' }} />
  );

  if (configuration.isPending) return <LoadingBlock label="Loading hardware" />;
  if (!configuration.data) return <ErrorPresenter error={configuration.error} title="Could not load the hardware" />;
  const config = configuration.data;

  return (
    <div className="flex flex-col gap-4">
      <Card title="Cassette configuration" icon={mdiCassette}>
        <div className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-secondary">
              <span className="font-medium text-gray-900">{config.name}</span>: {config.modules.length} of {config.module_slots} module slots and {config.cartridges.length} of {config.cartridge_bays} cartridge bays filled.
            </p>
            {canEdit ? (
              <Button variant="secondary" icon={mdiPencil} onClick={() => setDialog('configuration')} disabled={!choices.data}>
                Edit configuration
              </Button>
            ) : (
              note('change the configuration')
            )}
          </div>
          <h3 className="text-sm font-semibold text-gray-900">AMS modules by slot</h3>
          <SlotGrid
            label="Configured module slots"
            prefix="Slot"
            count={config.module_slots}
            cells={config.modules.map((m) => ({
              place: m.slot,
              content: (
                <>
                  <span className="font-medium">{m.module_type.name}</span> <span className="text-secondary">{AMS_TYPE_LABELS[m.module_type.ams_type]}</span>
                </>
              ),
            }))}
          />
          <h3 className="text-sm font-semibold text-gray-900">Cartridges by bay</h3>
          <SlotGrid
            label="Configured cartridge bays"
            prefix="Bay"
            count={config.cartridge_bays}
            cells={config.cartridges.map((c) => ({
              place: c.bay,
              content: (
                <>
                  <span className="font-medium">{c.cartridge_type.name}</span> <span className="text-secondary">{c.cartridge_type.pins} pins</span>
                </>
              ),
            }))}
          />
          {config.notes ? <p className="text-sm whitespace-pre-line text-gray-700">{config.notes}</p> : null}
        </div>
      </Card>

      <BoardSection projectId={project.id} companyId={project.company_id} />

      <h2 className="-mb-2 text-base font-semibold text-gray-900">Test resources</h2>
      <DataTable
        label="Test resources"
        columns={RESOURCE_COLUMNS}
        query={resources}
        rowKey={(r) => r.id}
        defaults={{ sortby: 'bay' }}
        searchPlaceholder="Name, resource type or pin"
        emptyText="No test resources yet. A project made from a request gets its mapped pad groups here."
        toolbar={
          canEdit ? (
            <Button icon={mdiPlus} onClick={() => setDialog('resource')} disabled={!choices.data || !config.cartridges.length} className="sm:ml-auto">
              Add test resource
            </Button>
          ) : (
            <span className="sm:ml-auto">{note('add test resources')}</span>
          )
        }
      />

      <Card title="Cassettes">
        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-secondary">The company’s cassettes this project runs on, and whether each holds the configured modules.</p>
            {canEdit ? (
              <Button variant="secondary" icon={mdiPlus} onClick={() => setDialog('cassette')}>
                Assign cassette
              </Button>
            ) : null}
          </div>
          {cassettes.isError ? (
            <ErrorPresenter error={cassettes.error} title="Could not load the cassettes" />
          ) : (
            <RowsTable label="Project cassettes" columns={CASSETTE_COLUMNS} rows={cassettes.data ?? []} rowKey={(c) => c.id} emptyText="No cassette assigned yet." />
          )}
        </div>
      </Card>

      <TestFunctionsSection project={project} />

      {dialog === 'configuration' && choices.data ? <ConfigurationDialog configuration={config} choices={choices.data} open onOpenChange={close} /> : null}
      {dialog === 'resource' && choices.data ? <TestResourceDialog configuration={config} choices={choices.data} open onOpenChange={close} /> : null}
      {dialog === 'cassette' ? <AssignCassetteDialog project={project} assigned={cassettes.data ?? []} open onOpenChange={close} /> : null}
    </div>
  );
}
