import type { FailingStep } from '../../../../contract/station';
import { RowsTable } from '../../../components/data-table/rows-table';
import type { Column } from '../../../components/data-table/types';
import { formatMeasurement } from '../../../lib/format';

const numeric = 'text-right tabular-nums whitespace-nowrap';
const figure = (text: string) => <span className="font-mono">{text}</span>;

const COLUMNS: Column<FailingStep>[] = [
  { key: 'name', header: 'Step', card: 'title', cell: (s) => <span className="font-medium break-words text-error">{s.name}</span> },
  // The numbers bare, the unit once in its own column: a column of figures reads down.
  { key: 'measured', header: 'Measured', className: numeric, cell: (s) => figure(formatMeasurement(s.measured)) },
  { key: 'low', header: 'Low limit', className: numeric, cell: (s) => figure(formatMeasurement(s.low)) },
  { key: 'high', header: 'High limit', className: numeric, cell: (s) => figure(formatMeasurement(s.high)) },
  { key: 'unit', header: 'Unit', cell: (s) => s.unit || '—' },
];

/** What the failing run measured, step by step, against which limits: where the repair starts. */
export function FailingStepsTable({ steps }: { steps: readonly FailingStep[] }) {
  return (
    <section aria-labelledby="repair-failing-steps" className="flex flex-col gap-2">
      <h3 id="repair-failing-steps" className="text-base font-semibold text-gray-900">
        Failing steps
      </h3>
      <RowsTable
        label="Failing steps of the run that sent the board to repair"
        columns={COLUMNS}
        rows={steps}
        rowKey={(s) => s.name}
        emptyText="The board was sent without a failing run: see the reason."
      />
    </section>
  );
}
