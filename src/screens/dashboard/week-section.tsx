import { mdiCalendarWeek } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { dashboardOptions } from '../../api/statistics';
import { ErrorPresenter } from '../../components/error-presenter';
import { Icon } from '../../components/icon';
import { LiveCue } from '../../components/live-cue';
import { LoadingBlock } from '../../components/spinner';
import { StatGrid, StatTile } from '../../components/stat-tile';
import { countChange, formatDate, formatNumber, formatPercent, ratioChange } from '../../lib/format';
import { WeekChart } from './week-chart';
import { FailingBatches, Jigs } from './week-lists';

/** The company's last 7 days against the 7 before: `GET /companies/{id}/dashboard/`. */
type WeekSectionProps = {
  companyId: number;
  /** Named in the heading (a superadmin's chosen company), else null. */
  companyName: string | null;
  /** The company's name for a file name, whoever looks. */
  fileCompany: string | null;
};

export function WeekSection({ companyId, companyName, fileCompany }: WeekSectionProps) {
  const query = useQuery(dashboardOptions(companyId));
  const week = query.data;
  return (
    <section aria-labelledby="dashboard-week" className="mt-6 flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id="dashboard-week" className="flex items-center gap-2 text-lg font-semibold text-gray-900">
          <Icon path={mdiCalendarWeek} className="text-secondary" />
          This week{companyName ? ` at ${companyName}` : ''}
        </h2>
        <div className="flex items-center gap-3">
          <LiveCue matches={(e) => e.company_id === companyId} />
          {week ? (
            <p className="text-sm text-secondary">
              {formatDate(week.from)} – {formatDate(week.to)}
            </p>
          ) : null}
        </div>
      </div>
      {query.isPending ? (
        <LoadingBlock label="Loading the week" />
      ) : !week ? (
        <ErrorPresenter error={query.error} title="Could not load the week’s figures" />
      ) : (
        <>
          <StatGrid columns={3}>
            <StatTile
              label="Boards tested"
              value={formatNumber(week.boards_tested)}
              change={countChange(week.boards_tested, week.previous.boards_tested)}
              hint={`${formatNumber(week.reports)} test runs`}
            />
            <StatTile
              label="Pass rate"
              value={formatPercent(week.pass_rate)}
              change={ratioChange(week.pass_rate, week.previous.pass_rate)}
              hint="passed of all test runs"
            />
            <StatTile
              label="First-pass yield"
              value={formatPercent(week.first_pass_yield)}
              change={ratioChange(week.first_pass_yield, week.previous.first_pass_yield)}
            />
          </StatGrid>
          <WeekChart days={week.per_day} companyName={fileCompany} />
          <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2">
            <FailingBatches batches={week.failing_batches} />
            <Jigs jigs={week.jigs} />
          </div>
        </>
      )}
    </section>
  );
}
