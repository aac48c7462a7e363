import { useQuery } from '@tanstack/react-query';
import type { FixtureHealth, FixtureStep } from '../../../contract/fixture-health';
import { jigNames } from '../../../contract/jig-names';
import { isNotFound } from '../../api/client';
import { jigOptions } from '../../api/enclosure-settings';
import { fixtureHealthOptions } from '../../api/fixture-health';
import { idParam, type ScreenProps } from '../../app/screen-props';
import { Card } from '../../components/card';
import { ChartCard, ChartTable } from '../../components/chart-card';
import { ErrorPresenter } from '../../components/error-presenter';
import { useJigNameAudience } from '../../components/jig-name';
import { PageHeader } from '../../components/page-header';
import { LoadingBlock } from '../../components/spinner';
import { StatGrid, StatTile } from '../../components/stat-tile';
import { formatDate, formatNumber, formatOf, formatPercent } from '../../lib/format';
import { ShowOnBoard } from './board-links';
import { CartridgeSplitCard } from './cartridge-split-card';
import { FalseFailBars, jigHealthHref } from './false-fail-bars';

const cpkText = (s: FixtureStep) =>
  s.cpk === null ? '—' : `${s.cpk.toFixed(2)}${s.level === 'alarm' ? ' (alarm)' : s.level === 'flag' ? ' (flag)' : s.level === 'wide' ? ' (limits may be too wide)' : ''}`;

/** The statistics screen on the jig and the step over the same range: where and when the step fails. */
const stepStatisticsHref = (jigId: number, step: string, h: FixtureHealth) =>
  `/statistics?${new URLSearchParams({ from: h.from, to: h.to, bucket: 'day', jig: String(jigId), step })}`;

/** The other jigs' pass rate of a step, over their runs together: what this jig's is compared with. */
function elsewhere(company: FixtureHealth, jigId: number, step: string): number | null {
  const others = company.groups.filter((g) => g.key !== jigId);
  const runs = others.reduce((n, g) => n + g.runs, 0);
  const failures = company.steps.filter((s) => s.key !== jigId && s.step === step).reduce((n, s) => n + s.failures, 0);
  return runs ? 1 - failures / runs : null;
}

/** A sentence that answers the first question after a fail: the boards or the fixture? */
function verdict(h: FixtureHealth): string {
  const { fails, false_fails } = h.totals;
  if (!fails) return 'No failed runs here in the range.';
  const share = false_fails / fails;
  const words = `${formatOf(false_fails, fails)} failed runs passed on the board’s next run with no repair between.`;
  if (share >= 0.5) return `${words} Most fails here look like the fixture, not the boards: check its probes and contacts.`;
  if (share >= 0.2) return `${words} A good share of the fails here look like the fixture.`;
  return `${words} Most fails here are the boards’.`;
}

/** `/enclosures/{id}/health`: one jig's false fails, the steps they failed, their trend, and the jig beside the company's others. */
export function JigHealthScreen({ params }: ScreenProps) {
  const id = idParam(params, 'id');
  const jigQuery = useQuery(jigOptions(id));
  const audience = useJigNameAudience();
  const companyId = jigQuery.data?.company_id ?? 0;
  // The route names the company's settings row (as the jig's page does); the figures name the jig itself.
  const jigId = jigQuery.data?.enclosure_id ?? 0;
  const own = useQuery(fixtureHealthOptions(companyId, { enclosure_id: jigId, bucket: 'week' }));
  const company = useQuery(fixtureHealthOptions(companyId, {}));
  if (id <= 0 || (jigQuery.isError && isNotFound(jigQuery.error))) {
    return (
      <>
        <PageHeader title="Jig not found" back={{ href: '/enclosures', label: 'Enclosures' }} />
        <p className="text-sm text-secondary">There is no such jig in your company; it may have moved to another.</p>
      </>
    );
  }
  if (jigQuery.isPending) return <LoadingBlock label="Loading jig" />;
  if (!jigQuery.data) return <ErrorPresenter error={jigQuery.error} title="Could not load the jig" />;
  const { title } = jigNames(jigQuery.data, audience);
  const back = { href: `/enclosures/${id}`, label: title };
  const header = <PageHeader title={`Fixture health of ${title}`} back={back} description={<span className="font-mono">{jigQuery.data.serial}</span>} />;
  if (own.isPending || company.isPending) return <>{header}<LoadingBlock label="Loading fixture health" /></>;
  if (!own.data || !company.data) return <>{header}<ErrorPresenter error={own.error ?? company.error} title="Could not load fixture health" /></>;
  const h = own.data;
  const jig = h.groups.find((g) => g.key === jigId);
  const range = `${formatDate(h.from)} – ${formatDate(h.to)}`;
  return (
    <>
      {header}
      <p className="mb-4 text-sm text-gray-800" data-testid="fixture-verdict">
        {verdict(h)} <span className="text-secondary">({range}, UTC days.)</span>
      </p>
      {jigQuery.data.project ? (
        <div className="mb-4 flex flex-wrap gap-2">
          <ShowOnBoard project={jigQuery.data.project} jig={jigQuery.data.enclosure_id} />
        </div>
      ) : null}
      <StatGrid columns={4}>
        <StatTile label="Test runs" value={formatNumber(jig?.runs ?? 0)} />
        <StatTile label="Failed runs" value={formatNumber(jig?.fails ?? 0)} />
        <StatTile label="False fails" value={formatNumber(jig?.false_fails ?? 0)} hint={`${formatPercent(jig?.false_fail_share ?? null)} of fails`} />
        <StatTile label="First-pass yield" value={formatPercent(jig?.first_pass_yield ?? null)} hint={`${formatNumber(jig?.first_tests ?? 0)} boards first tested here`} />
      </StatGrid>
      <div className="mt-4 grid items-start gap-4 lg:grid-cols-2">
        <Card title="Steps that fail here" className="min-w-0 lg:col-span-2">
          {h.steps.length ? (
            <ChartTable
              caption={`Steps that failed on ${title}, most false fails first`}
              headers={['Step', 'Failed runs', 'False fails', 'Pass rate here', 'Pass rate on other jigs', 'Cpk here']}
              rows={h.steps.map((s) => [
                { text: s.step, href: stepStatisticsHref(jigId, s.step, h) },
                formatNumber(s.failures),
                formatNumber(s.false_fails),
                formatPercent(s.pass_rate),
                formatPercent(elsewhere(company.data, jigId, s.step)),
                cpkText(s),
              ])}
            />
          ) : (
            <p className="text-sm text-secondary">No step failed on this jig in the range.</p>
          )}
          <p className="mt-3 text-xs text-secondary">
            A step that fails here far more often than on the other jigs, with many false fails, points at the fixture’s contacts for that step.
          </p>
        </Card>
        <CartridgeSplitCard companyId={companyId} jigId={jigId} jigTitle={title} />
        <ChartCard
          title="False fails per week"
          description="Share of the week’s failed runs here that passed on the next run with no repair between."
          summary={h.trend.map((p) => `Week of ${formatDate(p.date)}: ${formatOf(p.false_fails, p.fails)} fails were false`).join('; ')}
          table={{
            caption: `False fails per week on ${title}`,
            headers: ['Week of', 'Test runs', 'Failed runs', 'False fails', 'False fails of fails'],
            rows: h.trend.map((p) => [{ text: formatDate(p.date), csv: p.date }, formatNumber(p.runs), formatNumber(p.fails), formatNumber(p.false_fails), formatPercent(p.false_fail_share)]),
          }}
        >
          <FalseFailBars
            groups={h.trend.map((p, i) => ({
              key: i + 1,
              name: `Week of ${formatDate(p.date)}`,
              detail: '',
              setting_id: null,
              runs: p.runs,
              fails: p.fails,
              false_fails: p.false_fails,
              false_fail_share: p.false_fail_share,
              false_fail_rate: null,
              first_tests: 0,
              first_passes: 0,
              first_pass_yield: null,
            }))}
            linked={false}
          />
        </ChartCard>
        <ChartCard
          title="This jig beside the others"
          description="The company’s jigs over the same range: a jig whose false fails stand out has a fixture problem."
          summary={company.data.groups.map((g) => `${g.name}: ${formatPercent(g.false_fail_share)} false fails, first-pass yield ${formatPercent(g.first_pass_yield)}`).join('; ')}
          table={{
            caption: 'Fixture health of the company’s jigs',
            headers: ['Jig', 'Test runs', 'First-pass yield', 'Failed runs', 'False fails', 'False fails of fails'],
            rows: company.data.groups.map((g) => [
              g.key === jigId ? `${g.name} (this jig)` : g.setting_id ? { text: g.name, href: jigHealthHref(g.setting_id) } : g.name,
              formatNumber(g.runs),
              formatPercent(g.first_pass_yield),
              formatNumber(g.fails),
              formatNumber(g.false_fails),
              formatPercent(g.false_fail_share),
            ]),
          }}
        >
          <FalseFailBars groups={company.data.groups} />
        </ChartCard>
      </div>
    </>
  );
}
