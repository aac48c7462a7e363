import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { cartridgeHealthHref } from '../../api/cartridge-health';
import { fixtureHealthOptions } from '../../api/fixture-health';
import { ChartCard } from '../../components/chart-card';
import { formatNumber, formatPercent } from '../../lib/format';

/** A jig's runs split by the cartridges of its fixture, each opening the cartridge's own view. */
export function CartridgeSplitCard({ companyId, jigId, jigTitle }: { companyId: number; jigId: number; jigTitle: string }) {
  const split = useQuery(fixtureHealthOptions(companyId, { enclosure_id: jigId, by: 'cartridge' }));
  const groups = split.data?.groups ?? [];
  return (
    <ChartCard
      title="By cartridge"
      description="Its runs by the cartridges they touched: a run counts for each cartridge of its fixture."
      summary={groups.map((g) => `${g.name}: ${formatPercent(g.false_fail_share)} false fails of ${formatNumber(g.fails)} fails`).join('; ') || 'No runs with a cartridge recorded.'}
      table={{
        caption: `Fixture health of ${jigTitle} by cartridge`,
        headers: ['Cartridge', 'Type', 'Test runs', 'Failed runs', 'False fails', 'False-fail rate'],
        rows: groups.map((g) => [
          g.key > 0 ? { text: g.name, href: cartridgeHealthHref(g.key) } : g.name,
          g.detail,
          formatNumber(g.runs),
          formatNumber(g.fails),
          formatNumber(g.false_fails),
          formatPercent(g.false_fail_rate),
        ]),
      }}
      className="lg:col-span-2"
    >
      {groups.length ? (
        <ul className="flex flex-col gap-1 text-sm">
          {groups.map((g) => (
            <li key={g.key}>
              <Link className="text-primary-dark hover:underline" href={cartridgeHealthHref(g.key)}>
                {g.name}
              </Link>{' '}
              <span className="text-secondary">
                {g.detail} · {formatNumber(g.false_fails)} false fails of {formatNumber(g.runs)} runs ({formatPercent(g.false_fail_rate)})
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-secondary">{split.isPending ? 'Loading…' : 'No runs with a cartridge recorded in the range.'}</p>
      )}
    </ChartCard>
  );
}
