import { mdiWrenchCogOutline } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { fixtureHealthOptions } from '../../api/fixture-health';
import { ChartCard } from '../../components/chart-card';
import { ErrorPresenter } from '../../components/error-presenter';
import { Icon } from '../../components/icon';
import { LoadingBlock } from '../../components/spinner';
import { StatGrid, StatTile } from '../../components/stat-tile';
import { formatDate, formatNumber, formatOf, formatPercent } from '../../lib/format';
import { FalseFailBars, jigHealthHref } from '../fixture-health/false-fail-bars';

/**
 * The dashboard's fixture health: of the company's fails in the last 30 days, how many were
 * false fails (the board passed its next run with no repair between), jig by jig, each jig
 * leading to its own fixture health. Many false fails at one jig: the fixture, not the boards.
 */
export function FixtureHealthSection({ companyId }: { companyId: number }) {
  const query = useQuery(fixtureHealthOptions(companyId, {}));
  const health = query.data;
  return (
    <section aria-labelledby="dashboard-fixture-health" className="mt-6 flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id="dashboard-fixture-health" className="flex items-center gap-2 text-lg font-semibold text-gray-900">
          <Icon path={mdiWrenchCogOutline} className="text-secondary" />
          Fixture health
        </h2>
        {health ? (
          <p className="text-sm text-secondary">
            {formatDate(health.from)} – {formatDate(health.to)}
          </p>
        ) : null}
      </div>
      {query.isPending ? (
        <LoadingBlock label="Loading fixture health" />
      ) : !health ? (
        <ErrorPresenter error={query.error} title="Could not load fixture health" />
      ) : (
        <>
          <StatGrid columns={3}>
            <StatTile label="Failed runs" value={formatNumber(health.totals.fails)} hint={`of ${formatNumber(health.totals.runs)} test runs`} />
            <StatTile
              label="False fails"
              value={formatNumber(health.totals.false_fails)}
              hint="passed on the next run with no repair between"
            />
            <StatTile label="False fails of fails" value={formatPercent(health.totals.false_fail_share)} hint="high: the fixtures, not the boards" />
          </StatGrid>
          <ChartCard
            title="False fails per jig"
            description="Share of each jig’s failed runs whose board passed its next run with no repair between. Open a jig for its steps and trend."
            summary={
              health.groups.length
                ? health.groups
                    .slice(0, 5)
                    .map((g) => `${g.name}: ${formatOf(g.false_fails, g.fails)} fails were false (${formatPercent(g.false_fail_share)})`)
                    .join('; ')
                : 'No test runs at the company’s jigs in the last 30 days.'
            }
            table={{
              caption: 'False fails per jig',
              headers: ['Jig', 'Test runs', 'Failed runs', 'False fails', 'False fails of fails', 'First-pass yield'],
              rows: health.groups.map((g) => [
                g.setting_id ? { text: g.name, href: jigHealthHref(g.setting_id) } : g.name,
                formatNumber(g.runs),
                formatNumber(g.fails),
                formatNumber(g.false_fails),
                formatPercent(g.false_fail_share),
                formatPercent(g.first_pass_yield),
              ]),
            }}
          >
            {health.groups.length ? <FalseFailBars groups={health.groups} /> : <p className="text-sm text-secondary">No test runs at the company’s jigs in the last 30 days.</p>}
          </ChartCard>
        </>
      )}
    </section>
  );
}
