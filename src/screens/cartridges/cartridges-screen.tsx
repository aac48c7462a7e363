import { mdiPlus } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CALIBRATION_STATUS_LABELS, CALIBRATION_STATUSES, type Cartridge } from '../../../contract/cartridges';
import { CYCLE_STATUS_LABELS, CYCLE_STATUSES } from '../../../contract/fixtures';
import { cartridgesOptions } from '../../api/cartridges';
import { cartridgeTypeOptions, cartridgeTypeSearch } from '../../api/cartridge-types';
import { cassetteOptions, cassetteSearch } from '../../api/cassettes';
import type { ScreenProps } from '../../app/screen-props';
import { Button } from '../../components/button';
import { DataTable } from '../../components/data-table/data-table';
import { TableFilter, useTableFilter } from '../../components/data-table/table-filter';
import type { Column, ListQuery } from '../../components/data-table/types';
import { IdFilter } from '../../components/data-table/id-filter';
import { PageHeader } from '../../components/page-header';
import { positiveIntParam, useSearchState } from '../../lib/url-search';
import { NewCartridgeDialog } from './new-cartridge-dialog';
import { CycleStatusBadge, cyclesText } from './cycles';
import { CalibrationStatusBadge, formatDay } from './status';

const COLUMNS: Column<Cartridge>[] = [
  { key: 'serial', header: 'Serial', sortable: true, card: 'title', cell: (c) => <span className="font-medium">{c.serial}</span> },
  { key: 'cartridge_type', header: 'Type', sortable: true, cell: (c) => c.cartridge_type.name },
  {
    key: 'cassette',
    header: 'Cassette',
    sortable: true,
    cell: (c) => (c.cassette ? `${c.cassette.serial} · bay ${c.bay}` : <span className="text-secondary">Not in a cassette</span>),
  },
  {
    key: 'calibration_due_at',
    header: 'Calibration',
    sortable: true,
    card: 'badge',
    cell: (c) => (
      <span className="flex flex-col items-start gap-1">
        <CalibrationStatusBadge status={c.calibration_status} />
        <span className="text-xs text-secondary tabular-nums">{c.calibration_due_at ? `Due ${formatDay(c.calibration_due_at)}` : 'Never calibrated'}</span>
      </span>
    ),
  },
  {
    key: 'contact_cycles',
    header: 'Contact cycles',
    sortable: true,
    cell: (c) => (
      <span className="flex flex-col items-start gap-1">
        <CycleStatusBadge status={c.cycles.status} />
        <span className="text-xs text-secondary tabular-nums">{cyclesText(c.cycles)}</span>
      </span>
    ),
  },
];

const CYCLE_OPTIONS = CYCLE_STATUSES.map((s) => ({ value: s, label: CYCLE_STATUS_LABELS[s] }));
const STATUS_OPTIONS = CALIBRATION_STATUSES.map((s) => ({ value: s, label: CALIBRATION_STATUS_LABELS[s] }));

/** `/manage/cartridges`: every cartridge with its calibration status; what needs calibrating first. */
export function CartridgesScreen({ title }: ScreenProps) {
  const status = useTableFilter('status', CALIBRATION_STATUSES);
  const cycleStatus = useTableFilter('cycle_status', CYCLE_STATUSES);
  const { params } = useSearchState();
  const typeId = positiveIntParam(params, 'cartridge_type_id') ?? undefined;
  const cassetteId = positiveIntParam(params, 'cassette_id') ?? undefined;
  const query: ListQuery<Cartridge> = (p) => cartridgesOptions({ ...p, status, cycle_status: cycleStatus, cartridge_type_id: typeId, cassette_id: cassetteId });
  const filtered = status || cycleStatus || typeId || cassetteId;
  // The chosen type's and cassette's names (the filters keep only ids in the URL).
  const type = useQuery({ ...cartridgeTypeOptions(typeId ?? 0), enabled: typeId !== undefined });
  const cassette = useQuery({ ...cassetteOptions(cassetteId ?? 0), enabled: cassetteId !== undefined });
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PageHeader
        title={title}
        description="The fixtures' pogo-pin boards, when each is due for calibration (overdue: past due or never calibrated; due soon: within 30 days) and how worn its probes are (due soon: 90% of the rated life or cleaning interval used)."
        actions={
          <Button icon={mdiPlus} onClick={() => setCreating(true)}>
            New cartridge
          </Button>
        }
      />
      <DataTable
        label="Cartridges"
        columns={COLUMNS}
        query={query}
        rowKey={(c) => c.id}
        rowHref={(c) => `/manage/cartridges/${c.id}`}
        defaults={{ sortby: 'calibration_due_at' }}
        searchPlaceholder="Serial contains…"
        emptyText={filtered ? 'No cartridges match these filters.' : 'No cartridges yet.'}
        toolbar={
          <div className="flex flex-wrap items-end gap-3">
            <TableFilter param="status" label="Calibration" options={STATUS_OPTIONS} allLabel="Any status" />
            <TableFilter param="cycle_status" label="Contact cycles" options={CYCLE_OPTIONS} allLabel="Any status" />
            <IdFilter {...cartridgeTypeSearch} param="cartridge_type_id" label="Type" selectedLabel={type.data?.name ?? null} placeholder="Any type" />
            <IdFilter {...cassetteSearch} param="cassette_id" label="Cassette" selectedLabel={cassette.data?.serial ?? null} placeholder="Any cassette" />
          </div>
        }
      />
      <NewCartridgeDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}
