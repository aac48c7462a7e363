import { AMS_TYPE_LABELS } from '../../contract/cassette-module-types';
import type { Cassette } from '../../contract/cassettes';
import type { Column } from './data-table/types';
import { JigName } from './jig-name';

/**
 * The columns a cassette's row shows wherever cassettes are listed (the superadmin's
 * `/manage/cassettes` and a company's `/cassettes`): serial with name, enclosure, modules by
 * slot, cartridges. `amsTypes` names each module's AMS type, which the platform's people need.
 */
export function cassetteColumns({ amsTypes }: { amsTypes: boolean }) {
  // The platform's list (with AMS types) names jigs as the platform's screens do (contract/jig-names.ts).
  const moduleLabel = (m: Cassette['modules'][number]) =>
    amsTypes ? `${m.slot}: ${m.module_type.name} (${AMS_TYPE_LABELS[m.module_type.ams_type]})` : `${m.slot}: ${m.module_type.name}`;
  const serial: Column<Cassette> = {
    key: 'serial',
    header: 'Serial',
    sortable: true,
    card: 'title',
    cell: (c) => (
      <span className="flex flex-col">
        <span className="font-medium">{c.serial}</span>
        <span className="text-xs font-normal text-secondary">{c.name}</span>
      </span>
    ),
  };
  const enclosure: Column<Cassette> = {
    key: 'enclosure',
    header: 'Enclosure',
    sortable: true,
    // Compact: the modules beside it need the width; both names are in the tooltip.
    cell: (c) => (c.enclosure ? <JigName jig={c.enclosure} platform={amsTypes} serial={c.enclosure.serial} compact /> : <span className="text-secondary">None</span>),
  };
  const modules: Column<Cassette> = {
    key: 'modules',
    header: 'Modules',
    cell: (c) => (
      <span className="flex max-w-64 flex-col whitespace-normal">
        <span className="tabular-nums">
          {c.modules.length} of {c.module_slots} slots
        </span>
        {c.modules.length ? <span className="text-xs text-secondary">{c.modules.map(moduleLabel).join(' · ')}</span> : null}
      </span>
    ),
  };
  const cartridges: Column<Cassette> = {
    key: 'cartridges',
    header: 'Cartridges',
    card: 'meta',
    cell: (c) => (
      <span className="tabular-nums">
        {c.cartridges.length} of {c.cartridge_bays} bays
      </span>
    ),
  };
  return { serial, enclosure, modules, cartridges };
}
