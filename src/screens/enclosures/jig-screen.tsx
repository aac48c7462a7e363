import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { can } from '../../../contract/permissions';
import type { EnclosureSetting } from '../../../contract/enclosure-settings';
import { isNotFound } from '../../api/client';
import { jigOptions } from '../../api/enclosure-settings';
import { jigReadinessOptions } from '../../api/readiness';
import { ReadinessBadge, ReadinessReasons } from '../../components/readiness-badge';
import { useSession } from '../../app/app-actor';
import { idParam, type ScreenProps } from '../../app/screen-props';
import { ButtonLink } from '../../components/button-link';
import { Card } from '../../components/card';
import { ChartCard } from '../../components/chart-card';
import { DefinitionList } from '../../components/definition-list';
import { ErrorPresenter } from '../../components/error-presenter';
import { PageHeader } from '../../components/page-header';
import { LoadingBlock, Spinner } from '../../components/spinner';
import { csvFileName } from '../../lib/chart-table';
import { formatDateTime, formatNumber } from '../../lib/format';
import { JigSettingsForm } from './jig-settings-form';
import { FirmwareVersion, LastSeen, ProvisioningBadge } from './provisioning';
import { chunk, ChunkView } from '../../lib/chunk';
import { jigNames } from '../../../contract/jig-names';
import { useJigNameAudience } from '../../components/jig-name';

// The chart library loads after the jig's facts, never with the screen's own chunk.
const reportsChart = chunk(() => import('../../components/charts/reports-chart').then((m) => ({ default: m.ReportsChart })));

const BACK = { href: '/enclosures', label: 'Enclosures' };
const HEIGHT = 180;

const dayName = new Intl.DateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
const formatUtcDay = (iso: string) => dayName.format(new Date(`${iso}T00:00:00Z`));

function ReportsCard({ jig }: { jig: EnclosureSetting }) {
  const days = jig.reports_per_day;
  const busiest = days.reduce((best, d) => (d.reports > best.reports ? d : best), days[0] ?? { date: '', reports: 0 });
  const active = days.filter((d) => d.reports > 0).length;
  return (
    <ChartCard
      className="lg:col-start-2 lg:row-span-2 lg:row-start-1"
      title="Test runs per day"
      description={`${formatNumber(jig.reports_total)} in the last ${days.length} days, on ${formatNumber(active)} of them (UTC days).`}
      summary={
        jig.reports_total
          ? `${formatNumber(jig.reports_total)} test runs in ${days.length} days; the busiest day was ${formatUtcDay(busiest.date)} with ${formatNumber(busiest.reports)}.`
          : `No test runs in the last ${days.length} days.`
      }
      table={{
        caption: `Test runs per day on ${jig.name}`,
        headers: ['Day', 'Test runs'],
        rows: [...days].reverse().map((d) => [{ text: formatUtcDay(d.date), csv: d.date }, formatNumber(d.reports)]),
      }}
      csvName={days.length ? csvFileName(jig.name, 'test runs per day', days[0].date, 'to', days[days.length - 1].date) : undefined}
    >
      <ChunkView
        of={reportsChart}
        props={{ data: days, height: HEIGHT }}
        waiting={
          <div style={{ height: HEIGHT }} className="flex items-center justify-center text-primary">
            <Spinner />
          </div>
        }
      />
    </ChartCard>
  );
}

/** Whether the jig is fit to test, and if not, why (the one readiness rule the station reads). */
function ReadinessCard({ jig }: { jig: EnclosureSetting }) {
  const query = useQuery(jigReadinessOptions({ companyId: jig.company_id, ids: [jig.enclosure_id] }));
  const readiness = query.data?.[0];
  return (
    <Card title="Fit to test" className="lg:col-start-1">
      {query.isError ? (
        <ErrorPresenter error={query.error} title="Could not load the jig's readiness" />
      ) : readiness ? (
        <div className="flex flex-col gap-2">
          <ReadinessBadge readiness={readiness} />
          <ReadinessReasons readiness={readiness} />
        </div>
      ) : (
        <Spinner />
      )}
    </Card>
  );
}

/** `/enclosures/{id}`: one of the company's jigs, its state and last 30 days, and (admins, engineers) its settings. */
export function JigScreen({ params }: ScreenProps) {
  const id = idParam(params, 'id');
  const session = useSession();
  const query = useQuery(jigOptions(id));
  const audience = useJigNameAudience();
  if (id <= 0 || (query.isError && isNotFound(query.error))) {
    return (
      <>
        <PageHeader title="Jig not found" back={BACK} />
        <p className="text-sm text-secondary">There is no such jig in your company; it may have moved to another.</p>
      </>
    );
  }
  if (query.isPending) return <LoadingBlock label="Loading jig" />;
  if (!query.data) return <ErrorPresenter error={query.error} title="Could not load the jig" />;
  const jig = query.data;
  const mayEdit = can(session?.user, 'jigs.edit', { company_id: jig.company_id });
  const { title, also } = jigNames(jig, audience);
  return (
    <>
      <PageHeader
        title={title}
        actions={
          <ButtonLink href={`/enclosures/${jig.id}/health`} variant="secondary">
            Fixture health
          </ButtonLink>
        }
        back={{ ...BACK, href: session && can(session.user, 'platform') ? `/enclosures?company=${jig.company_id}` : BACK.href }}
        description={
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="font-mono">{jig.serial}</span>
            <LastSeen enclosure={jig} />
            {also ? <span>{also}</span> : null}
          </span>
        }
      />
      {/* Facts, runs, settings in that order on a phone; on a wide screen the runs stand beside both. */}
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
          <Card title="Facts" className="lg:col-start-1">
            <DefinitionList
              items={[
                { term: 'Serial', value: <span className="font-mono">{jig.serial}</span> },
                { term: 'Location', value: jig.location || <span className="text-secondary">Not set</span> },
                {
                  term: 'Project',
                  value: jig.project ? (
                    <Link href={`/projects/${jig.project.id}`} className="font-medium text-primary-dark hover:underline">
                      {jig.project.name}
                    </Link>
                  ) : (
                    <span className="text-secondary">None</span>
                  ),
                },
                {
                  term: 'Last seen',
                  value: jig.last_seen_at ? (
                    <span className="flex flex-col gap-0.5">
                      <LastSeen enclosure={jig} />
                      <span className="text-xs text-secondary">{formatDateTime(jig.last_seen_at)}</span>
                    </span>
                  ) : (
                    <span className="text-secondary">Never</span>
                  ),
                },
                { term: 'Firmware', value: <FirmwareVersion version={jig.firmware_version} /> },
                { term: 'Provisioning', value: <ProvisioningBadge state={jig.provisioning} /> },
              ]}
            />
          </Card>
          <ReportsCard jig={jig} />
          <ReadinessCard jig={jig} />
          {mayEdit ? (
            <Card title="Settings" className="lg:col-start-1">
              {/* Keyed by jig: the form starts from this one; a save resets it to the saved values. */}
              <JigSettingsForm key={jig.id} jig={jig} />
            </Card>
          ) : (
            <p className="text-sm text-secondary lg:col-start-1">Admins and engineers of your company change a jig’s name, location and project.</p>
          )}
      </div>
    </>
  );
}
