import { useQuery } from '@tanstack/react-query';
import { cartridgeHealthHref } from '../../api/cartridge-health';
import { fixtureHealthOptions } from '../../api/fixture-health';
import { Card } from '../../components/card';
import { ChartTable } from '../../components/chart-card';
import { formatNumber, formatPercent } from '../../lib/format';

/** A jig's runs split by the cartridges of its fixture, each opening the cartridge's own view. */
export function CartridgeSplitCard({ companyId, jigId, jigTitle }: { companyId: number; jigId: number; jigTitle: string }) {
  const split = useQuery(fixtureHealthOptions(companyId, { enclosure_id: jigId, by: 'cartridge' }));
  const groups = split.data?.groups ?? [];
  return (
    <Card title="By cartridge" className="min-w-0 lg:col-span-2">
      {groups.length ? (
        <ChartTable
          caption={`Fixture health of ${jigTitle} by cartridge`}
          headers={['Cartridge', 'Type', 'Test runs', 'Failed runs', 'False fails', 'False-fail rate']}
          rows={groups.map((g) => [
            g.key > 0 ? { text: g.name, href: cartridgeHealthHref(g.key) } : g.name,
            g.detail,
            formatNumber(g.runs),
            formatNumber(g.fails),
            formatNumber(g.false_fails),
            formatPercent(g.false_fail_rate),
          ])}
        />
      ) : (
        <p className="text-sm text-secondary">{split.isPending ? 'Loading…' : 'No runs with a cartridge recorded in the range.'}</p>
      )}
      <p className="mt-3 text-xs text-secondary">
        A run counts for each cartridge of its fixture: the cartridges of one cassette share its runs, and a cartridge’s own view shows whether its false fails rise with its cycles.
      </p>
    </Card>
  );
}
