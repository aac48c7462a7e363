import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { MAX_PAGE_SIZE } from '../../../contract/list-query';
import { companyProjectsOptions } from '../../api/projects';
import { FilterSelect } from '../../components/filter-select';
import { useSearchState } from '../../lib/url-search';
import type { StatisticsFilters as Filters } from './statistics-params';

function DateInput({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div className="flex min-w-0 items-center gap-2">
      <label htmlFor={id} className="w-10 shrink-0 text-sm font-medium text-gray-700 sm:w-auto">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value}
        required
        onChange={(e) => e.target.value && onChange(e.target.value)}
        className="min-h-10 min-w-0 flex-1 rounded-md border border-secondary/40 bg-white px-2 py-2 text-sm text-gray-900 focus:border-primary focus:outline-2 focus:outline-primary/30"
      />
    </div>
  );
}

/** Range, project and grouping of the statistics; every choice is kept in the URL. */
export function StatisticsFilters({ companyId, filters }: { companyId: number; filters: Filters }) {
  const { set } = useSearchState();
  const projects = useQuery(companyProjectsOptions(companyId, { page: 1, limit: MAX_PAGE_SIZE, sortby: 'name', sortdesc: false }));
  const options = (projects.data?.data ?? []).map((p) => ({ value: String(p.id), label: p.name }));
  return (
    <div
      role="group"
      aria-label="Statistics filters"
      className="mb-4 grid gap-3 rounded-lg border border-secondary-light bg-white p-3 shadow-sm sm:grid-cols-2 lg:flex lg:flex-wrap lg:items-center lg:gap-x-6"
    >
      <DateInput label="From" value={filters.from} onChange={(from) => set({ from })} />
      <DateInput label="To" value={filters.to} onChange={(to) => set({ to })} />
      <FilterSelect
        label="Project"
        value={filters.project ? String(filters.project) : ''}
        onValueChange={(v) => set({ project: v || null })}
        options={options}
        allLabel={projects.isPending ? 'Loading…' : 'All projects'}
      />
      <FilterSelect
        label="Group by"
        value={filters.bucket}
        onValueChange={(v) => set({ bucket: v === 'week' ? 'week' : null })}
        options={[
          { value: 'day', label: 'Day' },
          { value: 'week', label: 'Week' },
        ]}
      />
    </div>
  );
}
