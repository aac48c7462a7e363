import { mdiCassette, mdiExpansionCard, mdiFolderOutline } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { can } from '../../../contract/permissions';
import { useSession } from '../../app/app-actor';
import { Button } from '../../components/button';
import { CycleStatusBadge, cyclesText } from '../cartridges/cycles';
import { RecordMaintenanceDialog } from '../cartridges/record-maintenance-dialog';
import { Link } from 'wouter';
import { AMS_TYPE_LABELS } from '../../../contract/cassette-module-types';
import { isNotFound } from '../../api/client';
import { cassetteOptions } from '../../api/cassettes';
import { idParam, type ScreenProps } from '../../app/screen-props';
import { ButtonLink } from '../../components/button-link';
import { Card } from '../../components/card';
import { DefinitionList } from '../../components/definition-list';
import { ErrorPresenter } from '../../components/error-presenter';
import { PageHeader } from '../../components/page-header';
import { SlotGrid } from '../../components/slot-grid';
import { LoadingBlock } from '../../components/spinner';
import { CalibrationStatusBadge, dueText } from '../cartridges/status';
import { JigName } from '../../components/jig-name';

const ALL = '/cassettes';

/** `/cassettes/{id}`: one of the company's cassettes: its enclosure, modules by slot, cartridges by bay with calibration, its projects. */
export function CompanyCassetteScreen({ params }: ScreenProps) {
  const id = idParam(params, 'id');
  const query = useQuery({ ...cassetteOptions(id), enabled: id > 0 });
  const session = useSession();
  const [maintaining, setMaintaining] = useState<{ id: number; serial: string } | null>(null);
  if (id <= 0 || (query.isError && isNotFound(query.error))) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center">
        <h1 className="text-2xl font-semibold text-gray-900">Cassette not found</h1>
        <p className="text-secondary">There is no such cassette, or it is not one you can see.</p>
        <ButtonLink href={ALL} variant="secondary">
          All cassettes
        </ButtonLink>
      </div>
    );
  }
  if (query.isPending) return <LoadingBlock label="Loading cassette" />;
  if (!query.data) return <ErrorPresenter error={query.error} title="Could not load the cassette" />;

  const cassette = query.data;
  const back = cassette.company ? `${ALL}?company=${cassette.company.id}` : ALL;
  const mayMaintain = cassette.company !== null && can(session?.user, 'cartridge.maintain', { company_id: cassette.company.id });
  return (
    <>
      <PageHeader title={`Cassette ${cassette.serial}`} back={{ href: back, label: 'All cassettes' }} description={cassette.name} />
      <div className="flex flex-col gap-4">
        <Card title="Where it is" icon={mdiCassette}>
          <DefinitionList
            items={[
              { term: 'Company', value: cassette.company?.name ?? '—' },
              { term: 'Enclosure', value: cassette.enclosure ? <JigName jig={cassette.enclosure} serial={cassette.enclosure.serial} /> : 'Not in an enclosure' },
              { term: 'Module slots', value: cassette.module_slots },
              { term: 'Cartridge bays', value: cassette.cartridge_bays },
            ]}
          />
        </Card>
        <Card title="AMS modules by slot">
          <SlotGrid
            label="Module slots"
            prefix="Slot"
            count={cassette.module_slots}
            cells={cassette.modules.map((m) => ({
              place: m.slot,
              content: (
                <>
                  <span className="font-medium">{m.module_type.name}</span>{' '}
                  <span className="text-secondary">{AMS_TYPE_LABELS[m.module_type.ams_type]}</span>
                </>
              ),
            }))}
          />
        </Card>
        <Card title="Cartridges by bay" icon={mdiExpansionCard}>
          <SlotGrid
            label="Cartridge bays"
            prefix="Bay"
            count={cassette.cartridge_bays}
            cells={cassette.cartridges
              .filter((c) => c.bay !== null)
              .map((c) => ({
                place: c.bay!,
                tone: c.calibration_status === 'overdue' || c.cycles.status === 'overdue' ? ('danger' as const) : undefined,
                content: (
                  <span className="flex flex-col gap-1">
                    <span>
                      <span className="font-medium">{c.serial}</span> <span className="text-secondary">{c.cartridge_type.name}</span>
                    </span>
                    <span className="flex flex-wrap items-center gap-2 text-xs">
                      <CalibrationStatusBadge status={c.calibration_status} />
                      <span className="text-secondary">{dueText(c.calibration_due_at)}</span>
                    </span>
                    <span className="flex flex-wrap items-center gap-2 text-xs">
                      <CycleStatusBadge status={c.cycles.status} />
                      <span className="text-secondary">{cyclesText(c.cycles)}</span>
                    </span>
                    <span className="text-xs">
                      <Link href={`/cartridges/${c.id}/health`} className="text-primary-dark hover:underline">
                        Fixture health<span className="sr-only"> of {c.serial}</span>
                      </Link>
                    </span>
                    {mayMaintain && (
                      <span>
                        <Button variant="secondary" onClick={() => setMaintaining({ id: c.id, serial: c.serial })}>
                          Record maintenance<span className="sr-only"> of {c.serial}</span>
                        </Button>
                      </span>
                    )}
                  </span>
                ),
              }))}
          />
        </Card>
        <Card title="Projects that use it" icon={mdiFolderOutline}>
          {cassette.projects?.length ? (
            <ul className="flex flex-col gap-1 text-sm">
              {cassette.projects.map((p) => (
                <li key={p.id}>
                  <Link href={`/projects/${p.id}/hardware`} className="text-primary-dark hover:underline">
                    {p.name}
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-secondary">No project uses it yet. A project’s editors assign it on the project’s hardware tab.</p>
          )}
        </Card>
      </div>
      {maintaining && <RecordMaintenanceDialog cartridge={maintaining} open onOpenChange={(open) => !open && setMaintaining(null)} />}
    </>
  );
}
