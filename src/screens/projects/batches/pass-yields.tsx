import type { PassYields as PassYieldsData } from '../../../../contract/batches';
import { PASS_YIELD_DEFINITIONS } from '../../../../contract/figures';
import { StatGrid, StatTile } from '../../../components/stat-tile';
import { formatOf, formatPercent } from '../../../lib/format';

const FIGURES = [
  { label: 'First-pass yield', value: (y: PassYieldsData) => y.first_pass_yield, part: (y: PassYieldsData) => y.first_passes, what: 'passed the first attempt' },
  { label: 'Second-pass yield', value: (y: PassYieldsData) => y.second_pass_yield, part: (y: PassYieldsData) => y.second_passes, what: 'passed by the second' },
  { label: 'Last-pass yield', value: (y: PassYieldsData) => y.last_pass_yield, part: (y: PassYieldsData) => y.last_passes, what: 'passed the latest' },
] as const;

/**
 * A set of boards' first-, second- and last-pass yield, each beside the counts it divides, with
 * their definitions under them where people read the figures (contract/figures.ts). `figures`
 * is undefined while loading.
 */
export function PassYields({ figures, label, error }: { figures: PassYieldsData | undefined; label: string; error?: boolean }) {
  const id = `pass-yields-${label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h3 id={id} className="text-sm font-semibold text-gray-900">
        {label}
      </h3>
      <StatGrid columns={3}>
        {FIGURES.map((f) => (
          <StatTile
            key={f.label}
            label={f.label}
            value={figures ? formatPercent(f.value(figures)) : error ? '—' : '…'}
            hint={figures ? `${formatOf(f.part(figures), figures.tested)} tested ${f.what}` : error ? 'could not load' : undefined}
          />
        ))}
      </StatGrid>
      <dl aria-label="What the pass yields mean" className="grid gap-x-4 gap-y-0.5 text-xs text-secondary sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-gray-700">First pass</dt>
        <dd>{PASS_YIELD_DEFINITIONS.first}</dd>
        <dt className="font-medium text-gray-700">Second pass</dt>
        <dd>{PASS_YIELD_DEFINITIONS.second}</dd>
        <dt className="font-medium text-gray-700">Last pass</dt>
        <dd>{PASS_YIELD_DEFINITIONS.last} An attempt is any test run, in the order the runs arrived.</dd>
      </dl>
    </section>
  );
}
