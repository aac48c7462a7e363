import { mdiWrenchOutline } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Cartridge } from '../../../contract/cartridges';
import { MAINTENANCE_KIND_LABELS } from '../../../contract/fixtures';
import { maintenanceOptions } from '../../api/cartridge-maintenance';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { DefinitionList } from '../../components/definition-list';
import { CycleStatusBadge } from './cycles';
import { RecordMaintenanceDialog } from './record-maintenance-dialog';

const number = new Intl.NumberFormat('en-US');
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0 });
const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
/** The newest records: a cartridge is cleaned every few thousand cycles, so a page is months. */
const RECENT = { page: 1, limit: 20, sortby: 'created_at', sortdesc: true };

/** A cartridge's contact cycles against its type's limits, its recent maintenance, and recording more. */
export function CartridgeCyclesCard({ cartridge }: { cartridge: Cartridge }) {
  const [open, setOpen] = useState(false);
  const history = useQuery(maintenanceOptions(cartridge.id)(RECENT));
  const c = cartridge.cycles;
  const limit = (n: number | null) => (n === null ? 'not rated' : number.format(n));
  return (
    <Card title="Contact cycles and maintenance" icon={mdiWrenchOutline}>
      <div className="flex flex-col gap-4">
        <DefinitionList
          items={[
            { term: 'Status', value: <CycleStatusBadge status={c.status} /> },
            { term: 'Contact cycles', value: number.format(c.contact_cycles) },
            { term: 'Probe life used', value: `${number.format(c.life_used_cycles)} of ${limit(c.rated_probe_life_cycles)}${c.life_used_share !== null ? ` (${percent.format(c.life_used_share)})` : ''}` },
            { term: 'Since cleaning', value: `${number.format(c.since_cleaning_cycles)} (interval ${limit(c.cleaning_interval_cycles)})` },
          ]}
        />
        <div>
          <Button variant="secondary" onClick={() => setOpen(true)}>
            Record maintenance
          </Button>
        </div>
        <div>
          <h3 className="mb-2 text-sm font-semibold text-gray-900">Maintenance history</h3>
          {history.data?.data.length ? (
            <ul className="flex flex-col gap-2 text-sm">
              {history.data.data.map((m) => (
                <li key={m.id}>
                  <span className="font-medium">{MAINTENANCE_KIND_LABELS[m.kind]}</span> at {number.format(m.contact_cycles)} cycles,{' '}
                  <span className="text-secondary">
                    {when.format(new Date(m.created_at))}
                    {m.created_by ? ` by ${m.created_by.username}` : ''}
                  </span>
                  {m.notes && <p className="text-xs whitespace-pre-line text-secondary">{m.notes}</p>}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-secondary">{history.isPending ? 'Loading…' : 'No maintenance recorded yet.'}</p>
          )}
        </div>
      </div>
      <RecordMaintenanceDialog cartridge={cartridge} open={open} onOpenChange={setOpen} />
    </Card>
  );
}
