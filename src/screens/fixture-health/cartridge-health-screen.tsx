import { useQuery } from '@tanstack/react-query';
import type { CartridgeHealth } from '../../../contract/cartridge-health';
import { MAINTENANCE_KIND_LABELS } from '../../../contract/fixtures';
import { cartridgeHealthOptions } from '../../api/cartridge-health';
import { maintenanceOptions } from '../../api/cartridge-maintenance';
import { isNotFound } from '../../api/client';
import { idParam, type ScreenProps } from '../../app/screen-props';
import { Card } from '../../components/card';
import { ChartCard, ChartTable } from '../../components/chart-card';
import { ErrorPresenter } from '../../components/error-presenter';
import { PageHeader } from '../../components/page-header';
import { LoadingBlock } from '../../components/spinner';
import { StatGrid, StatTile } from '../../components/stat-tile';
import { formatDate, formatDateTime, formatNumber, formatOf, formatPercent } from '../../lib/format';
import { CycleStatusBadge, cyclesText } from '../cartridges/cycles';
import { ShowOnBoard } from './board-links';
import { FalseFailBars, jigHealthHref } from './false-fail-bars';

const cycleRange = (p: CartridgeHealth['cycle_trend'][number]) => `Cycles ${formatNumber(p.from_cycle)}–${formatNumber(p.to_cycle)}`;

/**
 * `/cartridges/{id}/health`: one cartridge of the company's cassettes as the fixture sees it: its
 * cycles and calibration, its false fails and the steps they failed, whether they rise as its
 * probes wear (over its contact cycles), and what was done to it.
 */
export function CartridgeHealthScreen({ params }: ScreenProps) {
  const id = idParam(params, 'id');
  const query = useQuery(cartridgeHealthOptions(id));
  const maintenance = useQuery({ ...maintenanceOptions(id)({ page: 1, limit: 10 }), enabled: id > 0 });
  if (id <= 0 || (query.isError && isNotFound(query.error))) {
    return (
      <>
        <PageHeader title="Cartridge not found" back={{ href: '/cassettes', label: 'Cassettes' }} />
        <p className="text-sm text-secondary">There is no such cartridge in your company’s cassettes.</p>
      </>
    );
  }
  if (query.isPending) return <LoadingBlock label="Loading the cartridge’s fixture health" />;
  if (!query.data) return <ErrorPresenter error={query.error} title="Could not load the cartridge’s fixture health" />;
  const h = query.data;
  const c = h.cartridge;
  const back = h.jig?.setting_id ? { href: jigHealthHref(h.jig.setting_id), label: `Fixture health of ${h.jig.name}` } : c.cassette ? { href: `/cassettes/${c.cassette.id}`, label: `Cassette ${c.cassette.serial}` } : { href: '/cassettes', label: 'Cassettes' };
  const where = c.cassette ? `${c.cartridge_type.name} · cassette ${c.cassette.serial}${c.bay === null ? '' : `, bay ${c.bay}`}` : c.cartridge_type.name;
  return (
    <>
      <PageHeader title={`Cartridge ${c.serial}`} back={back} description={where} />
      <p className="mb-4 flex flex-wrap items-center gap-2 text-sm text-gray-800" data-testid="cartridge-cycles">
        <CycleStatusBadge status={c.cycles.status} />
        <span>{cyclesText(c.cycles)}</span>
      </p>
      {h.projects.length ? (
        <div className="mb-4 flex flex-wrap gap-2">
          {h.projects.map((p) => (
            <ShowOnBoard key={p.id} project={p} cartridge={c.id} />
          ))}
        </div>
      ) : null}
      <StatGrid columns={4}>
        <StatTile label="Test runs" value={formatNumber(h.runs)} hint={`${formatDate(h.from)} – ${formatDate(h.to)}`} />
        <StatTile label="Failed runs" value={formatNumber(h.fails)} />
        <StatTile label="False fails" value={formatNumber(h.false_fails)} hint={`${formatPercent(h.false_fail_share)} of fails`} />
        <StatTile label="False-fail rate" value={formatPercent(h.false_fail_rate)} hint="of its runs" />
      </StatGrid>
      <div className="mt-4 grid items-start gap-4 lg:grid-cols-2">
        <ChartCard
          title="False fails over its contact cycles"
          description={`Runs of every fixture that held it, in buckets of ${formatNumber(h.bucket_cycles)} cycles: false fails that rise with the cycles point at worn probes.`}
          summary={h.cycle_trend.map((p) => `${cycleRange(p)}: ${formatOf(p.false_fails, p.runs)} runs false-failed`).join('; ')}
          table={{
            caption: `False fails of ${c.serial} over its contact cycles`,
            headers: ['Cycles', 'Test runs', 'Failed runs', 'False fails', 'False-fail rate'],
            rows: h.cycle_trend.map((p) => [cycleRange(p), formatNumber(p.runs), formatNumber(p.fails), formatNumber(p.false_fails), formatPercent(p.false_fail_rate)]),
          }}
        >
          {h.cycle_trend.length ? (
            <FalseFailBars
              linked={false}
              groups={h.cycle_trend.map((p, i) => ({
                key: i + 1,
                name: cycleRange(p),
                detail: '',
                setting_id: null,
                runs: p.runs,
                fails: p.fails,
                false_fails: p.false_fails,
                false_fail_share: p.fails ? p.false_fails / p.fails : null,
                false_fail_rate: p.false_fail_rate,
                first_tests: 0,
                first_passes: 0,
                first_pass_yield: null,
              }))}
            />
          ) : (
            <p className="text-sm text-secondary">No run has used this cartridge yet.</p>
          )}
        </ChartCard>
        <Card title="Steps that fail on it" className="min-w-0">
          {h.steps.length ? (
            <ChartTable
              caption={`Steps that failed in runs with ${c.serial}, most false fails first`}
              headers={['Step', 'Failed runs', 'False fails', 'Pass rate']}
              rows={h.steps.map((s) => [s.step, formatNumber(s.failures), formatNumber(s.false_fails), formatPercent(s.pass_rate)])}
            />
          ) : (
            <p className="text-sm text-secondary">No step failed in its runs in the range.</p>
          )}
        </Card>
        <Card title="Maintenance" className="min-w-0 lg:col-span-2">
          {maintenance.data?.data.length ? (
            // A list, not a table: notes run long, and a phone reads it without scrolling sideways.
            <ul className="flex flex-col gap-2 text-sm" aria-label={`Maintenance of ${c.serial}, newest first`}>
              {maintenance.data.data.map((m) => (
                <li key={m.id}>
                  <span className="font-medium">{MAINTENANCE_KIND_LABELS[m.kind]}</span> at {formatNumber(m.contact_cycles)} cycles
                  <span className="text-secondary">
                    {' '}
                    · {formatDateTime(m.created_at)}
                    {m.created_by ? ` · ${m.created_by.username}` : ''}
                  </span>
                  {m.notes ? <span className="block text-secondary">{m.notes}</span> : null}
                </li>
              ))}
            </ul>
          ) : maintenance.isPending ? (
            <LoadingBlock label="Loading maintenance" />
          ) : (
            <p className="text-sm text-secondary">No maintenance recorded.</p>
          )}
        </Card>
      </div>
    </>
  );
}
