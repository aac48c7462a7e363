import { mdiChartLine } from '@mdi/js';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { companyStatisticsOptions, projectStatisticsOptions } from '../../api/statistics';
import type { ScreenProps } from '../../app/screen-props';
import { ChooseCompanyPrompt, CompanyPicker, useCompanyScope } from '../../components/company-scope';
import { formatDay } from '../../components/charts/chart-theme';
import { ErrorPresenter } from '../../components/error-presenter';
import { Icon } from '../../components/icon';
import { PageHeader } from '../../components/page-header';
import { LoadingBlock } from '../../components/spinner';
import { useSearchState } from '../../lib/url-search';
import { FirstPassSection } from './fpy-section';
import { ParetoSection } from './pareto-section';
import { readStatisticsFilters, type StatisticsFilters as Filters } from './statistics-params';
import { StatisticsFilters } from './statistics-filters';
import { YieldSection } from './yield-section';

function EmptyRange({ from, to }: { from: string; to: string }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-secondary/40 bg-white px-4 py-12 text-center">
      <Icon path={mdiChartLine} size={32} className="text-secondary" />
      <p className="font-semibold text-gray-900">No tests between {formatDay(from)} and {formatDay(to)}.</p>
      <p className="text-sm text-secondary">Pick a wider range, or another project.</p>
    </div>
  );
}

function StatisticsBody({ companyId, filters }: { companyId: number; filters: Filters }) {
  const range = { from: filters.from, to: filters.to };
  const series = useQuery({
    ...companyStatisticsOptions(companyId, { ...range, bucket: filters.bucket, project_id: filters.project ?? undefined }),
    placeholderData: keepPreviousData,
  });
  const projects = useQuery({ ...projectStatisticsOptions(companyId, range), placeholderData: keepPreviousData });

  if (series.isPending) return <LoadingBlock label="Loading statistics" />;
  if (!series.data) return <ErrorPresenter error={series.error} title="Could not load the statistics" />;
  const stats = series.data;
  if (stats.series.every((p) => p.reports === 0)) return <EmptyRange from={stats.from} to={stats.to} />;

  return (
    <div className="flex flex-col gap-4" aria-busy={series.isFetching || projects.isFetching || undefined}>
      <YieldSection stats={stats} />
      {projects.data ? (
        <FirstPassSection projects={projects.data} projectId={filters.project} />
      ) : projects.isError ? (
        <ErrorPresenter error={projects.error} title="Could not load the yield per project" />
      ) : (
        <LoadingBlock label="Loading the yield per project" />
      )}
      <ParetoSection steps={stats.failing_steps} />
    </div>
  );
}

/** `/statistics`: the company's yield over time, per project and batch, and its failing steps. */
export function StatisticsScreen({ title }: ScreenProps) {
  const scope = useCompanyScope();
  const { search } = useSearchState();
  const filters = readStatisticsFilters(search);
  return (
    <>
      <PageHeader
        title={title}
        description={`How ${scope.companyName ?? 'the company'}’s boards test: yield, first-pass yield and the steps that fail.`}
      />
      <div className="mb-4">
        <CompanyPicker scope={scope} />
      </div>
      {scope.companyId ? (
        <>
          <StatisticsFilters companyId={scope.companyId} filters={filters} />
          {filters.problem ? (
            <ErrorPresenter error={filters.problem} title="Check the dates" />
          ) : (
            <StatisticsBody companyId={scope.companyId} filters={filters} />
          )}
        </>
      ) : (
        <ChooseCompanyPrompt what="statistics" />
      )}
    </>
  );
}
