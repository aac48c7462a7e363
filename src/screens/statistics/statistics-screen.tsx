import { mdiChartLine } from '@mdi/js';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CompanyStatistics, FailingStep, ProjectStatistics } from '../../../contract/statistics';
import { companyStatisticsOptions, projectStatisticsOptions } from '../../api/statistics';
import type { ScreenProps } from '../../app/screen-props';
import { ChooseCompanyPrompt, CompanyPicker, useCompanyScope } from '../../components/company-scope';
import { formatDay } from '../../components/charts/chart-theme';
import { ErrorPresenter } from '../../components/error-presenter';
import { Icon } from '../../components/icon';
import { PageHeader } from '../../components/page-header';
import { LoadingBlock } from '../../components/spinner';
import { csvFileName } from '../../lib/chart-table';
import { useSearchState } from '../../lib/url-search';
import { FirstPassSection } from './fpy-section';
import { ParetoSection } from './pareto-section';
import { RepairSection } from './repair-section';
import { apiParams, bucketRange, readStatisticsFilters, type StatisticsFilters as Filters } from './statistics-params';
import { StatisticsFilters } from './statistics-filters';
import { failingBoardsHref, StepSection } from './step-section';
import { YieldSection } from './yield-section';

function EmptyRange({ from, to, filtered }: { from: string; to: string; filtered: boolean }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-secondary/40 bg-white px-4 py-12 text-center">
      <Icon path={mdiChartLine} size={32} className="text-secondary" />
      <p className="font-semibold text-gray-900">
        No tests between {formatDay(from)} and {formatDay(to)}
        {filtered ? ' with these filters' : ''}.
      </p>
      <p className="text-sm text-secondary">Pick a wider range, or another project, jig or profile.</p>
    </div>
  );
}

type BodyProps = {
  companyName: string | null;
  filters: Filters;
  stats: CompanyStatistics;
  projects: { data?: ProjectStatistics[]; error: unknown; isError: boolean };
};

function StatisticsBody({ companyName, filters, stats, projects }: BodyProps) {
  const { hrefWith } = useSearchState();
  if (stats.series.every((p) => p.reports === 0)) {
    return <EmptyRange from={stats.from} to={stats.to} filtered={!!(filters.jig || filters.profile)} />;
  }
  // A file says whose, what, when and how filtered.
  const projectName = projects.data?.find((p) => p.project_id === filters.project)?.project_name;
  const jig = stats.choices.jigs.find((j) => j.id === filters.jig);
  const csvName = (chart: string) =>
    csvFileName(companyName, chart, stats.from, 'to', stats.to, projectName, jig && `jig ${jig.name}`, filters.profile, filters.version, filters.step && `step ${filters.step}`);
  // A failing step leads to the boards that failed it, in its project; failing in several, to where it fails.
  const stepHref = (s: FailingStep) => {
    const projectId = filters.project ?? (s.project_ids.length === 1 ? s.project_ids[0] : null);
    return projectId ? failingBoardsHref(projectId, s.name) : hrefWith({ step: s.name });
  };

  return (
    <div className="flex flex-col gap-4">
      <YieldSection
        stats={stats}
        step={filters.step}
        pointHref={(date) => hrefWith({ ...bucketRange(date, filters), bucket: null })}
        csvName={csvName(`yield per ${stats.bucket}`)}
      />
      {projects.data ? (
        <>
          {filters.step ? (
            <StepSection step={filters.step} projects={projects.data} projectId={filters.project} csvName={csvName('where the step fails')} />
          ) : null}
          <FirstPassSection projects={projects.data} projectId={filters.project} csvName={csvName} />
        </>
      ) : projects.isError ? (
        <ErrorPresenter error={projects.error} title="Could not load the first-pass yield per project" />
      ) : (
        <LoadingBlock label="Loading the first-pass yield per project" />
      )}
      <ParetoSection steps={stats.failing_steps} chosen={filters.step} stepHref={stepHref} csvName={csvName('failing steps')} />
    </div>
  );
}

/** The filters (their choices come with the figures) and the figures, for one company. */
function CompanyStatisticsView({ companyId, companyName, filters }: { companyId: number; companyName: string | null; filters: Filters }) {
  const { project_id: _project, bucket: _bucket, ...perProject } = apiParams(filters);
  const enabled = !filters.problem;
  const series = useQuery({ ...companyStatisticsOptions(companyId, apiParams(filters)), placeholderData: keepPreviousData, enabled });
  const projects = useQuery({ ...projectStatisticsOptions(companyId, perProject), placeholderData: keepPreviousData, enabled });
  return (
    <>
      <StatisticsFilters companyId={companyId} filters={filters} choices={series.data?.choices} />
      {filters.problem ? (
        <ErrorPresenter error={filters.problem} title="Check the dates" />
      ) : series.isPending ? (
        <LoadingBlock label="Loading statistics" />
      ) : !series.data ? (
        <ErrorPresenter error={series.error} title="Could not load the statistics" />
      ) : (
        <div aria-busy={series.isFetching || projects.isFetching || undefined}>
          <StatisticsBody companyName={companyName} filters={filters} stats={series.data} projects={projects} />
        </div>
      )}
      {/* Repairs have figures of their own (a range without tests may still have repairs done). */}
      {filters.problem ? null : (
        <div className="mt-4">
          <RepairSection
            companyId={companyId}
            filters={filters}
            csvName={(chart) => csvFileName(companyName, chart, filters.from, 'to', filters.to)}
          />
        </div>
      )}
    </>
  );
}

/** `/statistics`: the company's pass rate over time, per project and batch, and its failing steps. */
export function StatisticsScreen({ title }: ScreenProps) {
  const scope = useCompanyScope();
  const { search } = useSearchState();
  const filters = readStatisticsFilters(search);
  return (
    <>
      <PageHeader
        title={title}
        description={`How ${scope.companyName ?? 'the company'}’s boards test: pass rate, first-, second- and last-pass yield, the steps that fail, and their repairs.`}
      />
      <div className="mb-4">
        <CompanyPicker scope={scope} />
      </div>
      {scope.companyId ? (
        <CompanyStatisticsView companyId={scope.companyId} companyName={scope.companyName} filters={filters} />
      ) : (
        <ChooseCompanyPrompt what="statistics" />
      )}
    </>
  );
}
