import { useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '../../../contract/list-query';
import type { CompanyStatistics } from '../../../contract/statistics';
import { jigNameText } from '../../../contract/jig-names';
import { companyProjectsOptions } from '../../api/projects';
import { DateInput } from '../../components/date-input';
import { FilterSelect } from '../../components/filter-select';
import { useJigNameAudience } from '../../components/jig-name';
import { useSearchState } from '../../lib/url-search';
import type { StatisticsFilters as Filters } from './statistics-params';

type Choices = CompanyStatistics['choices'];
type Option = { value: string; label: string };

/** A choice the URL holds stays offered even when the range has none of it (it then shows nothing). */
const keeping = (options: Option[], value: string, label: string): Option[] =>
  value && !options.some((o) => o.value === value) ? [...options, { value, label }] : options;

// A profile and its version travel as one select value.
const SEP = '\u001f';
const profileValue = (name: string, version: string | null) => `${name}${SEP}${version ?? ''}`;

/** Each profile once for all its versions, and each version of one that has several. */
export function profileOptions(profiles: Choices['test_profiles']): Option[] {
  const names = [...new Set(profiles.map((p) => p.name))];
  return names.flatMap((name) => {
    const versions = profiles.filter((p) => p.name === name && p.version !== null).map((p) => p.version!);
    if (versions.length < 2) return [{ value: profileValue(name, null), label: name }];
    return [
      { value: profileValue(name, null), label: `${name}, all versions` },
      ...versions.map((v) => ({ value: profileValue(name, v), label: `${name} ${v}` })),
    ];
  });
}

/**
 * Range, project, jig, test profile, failing step and grouping of the statistics; every choice
 * is kept in the URL. The jigs, profiles and steps offered are those seen in the range.
 */
export function StatisticsFilters({ companyId, filters, choices }: { companyId: number; filters: Filters; choices: Choices | undefined }) {
  const { set } = useSearchState();
  const projects = useQuery(companyProjectsOptions(companyId, { page: 1, limit: MAX_PAGE_SIZE, sortby: 'name', sortdesc: false }));
  const options = (projects.data?.data ?? []).map((p) => ({ value: String(p.id), label: p.name }));
  const loading = choices ? undefined : 'Loading…';
  const audience = useJigNameAudience();
  const jig = filters.jig ? String(filters.jig) : '';
  const jigOptions = keeping((choices?.jigs ?? []).map((j) => ({ value: String(j.id), label: `${jigNameText(j, audience)} (${j.serial})` })), jig, `Jig ${jig}`);
  const profile = filters.profile ? profileValue(filters.profile, filters.version) : '';
  const profileChoices = keeping(
    profileOptions(choices?.test_profiles ?? []),
    profile,
    filters.version ? `${filters.profile} ${filters.version}` : (filters.profile ?? ''),
  );
  const stepOptions = keeping((choices?.steps ?? []).map((name) => ({ value: name, label: name })), filters.step ?? '', filters.step ?? '');
  return (
    <div
      role="group"
      aria-label="Statistics filters"
      className="mb-4 grid gap-3 rounded-lg border border-secondary-light bg-white p-3 shadow-sm sm:grid-cols-2 lg:flex lg:flex-wrap lg:items-center lg:gap-x-6"
    >
      <DateInput label="From" value={filters.from} onChange={(from) => set({ from })} required />
      <DateInput label="To" value={filters.to} onChange={(to) => set({ to })} required />
      <FilterSelect
        label="Project"
        value={filters.project ? String(filters.project) : ''}
        onValueChange={(v) => set({ project: v || null })}
        options={options}
        allLabel={projects.isPending ? 'Loading…' : 'All projects'}
      />
      <FilterSelect
        label="Jig"
        value={jig}
        onValueChange={(v) => set({ jig: v || null })}
        options={jigOptions}
        allLabel={loading ?? 'All jigs'}
      />
      <FilterSelect
        label="Test profile"
        value={profile}
        onValueChange={(v) => {
          const [name, version] = v ? v.split(SEP) : [null, null];
          set({ profile: name || null, version: version || null });
        }}
        options={profileChoices}
        allLabel={loading ?? 'All profiles'}
      />
      <FilterSelect
        label="Failing step"
        value={filters.step ?? ''}
        onValueChange={(v) => set({ step: v || null })}
        options={stepOptions}
        allLabel={loading ?? 'Any step'}
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
