import { useQuery } from '@tanstack/react-query';
import type { TestProfile } from '../../../../../contract/test-profiles';
import { batchChoicesOptions } from '../../../../api/batches';
import { DateInput } from '../../../../components/date-input';
import { FilterSelect } from '../../../../components/filter-select';
import { useSearchState } from '../../../../lib/url-search';
import { useProjectJigChoices } from './jig-choices';
import type { StatisticsView } from './statistics-scope';

type Option = { value: string; label: string };

/** A choice the URL holds stays offered while the lists load (or when the list has lost it). */
const keeping = (options: Option[], value: string, label: string): Option[] =>
  value && !options.some((o) => o.value === value) ? [...options, { value, label }] : options;

/**
 * The scope of the step statistics (days, batch, jig, versions) and the switch that leaves out
 * failing runs; every choice kept in the URL. The batches are the project's, the jigs its company's.
 */
export function ScopeFilters({ profile, view }: { profile: TestProfile; view: StatisticsView }) {
  const { set } = useSearchState();
  const batches = useQuery(batchChoicesOptions(profile.project_id));
  const jigs = useProjectJigChoices(profile.project_id);
  const batch = view.scope.batch_id ? String(view.scope.batch_id) : '';
  const jig = view.scope.jig_id ? String(view.scope.jig_id) : '';
  const batchOptions = keeping((batches.data?.data ?? []).map((b) => ({ value: String(b.id), label: b.name })), batch, `Batch ${batch}`);
  const jigOptions = keeping(jigs.options, jig, `Jig ${jig}`);
  return (
    <div className="flex flex-col gap-3">
      <div
        role="group"
        aria-label="Statistics scope"
        className="grid gap-3 rounded-lg border border-secondary-light bg-gray-50 p-3 sm:grid-cols-2 lg:flex lg:flex-wrap lg:items-center lg:gap-x-6"
      >
        <DateInput label="From" value={view.scope.from ?? ''} onChange={(from) => set({ from })} />
        <DateInput label="To" value={view.scope.to ?? ''} onChange={(to) => set({ to })} />
        <FilterSelect label="Batch" value={batch} onValueChange={(v) => set({ batch: v || null })} options={batchOptions} allLabel={batches.isPending ? 'Loading…' : 'Every batch'} />
        <FilterSelect label="Jig" value={jig} onValueChange={(v) => set({ jig: v || null })} options={jigOptions} allLabel={jigs.isPending ? 'Loading…' : 'Every jig'} />
        <FilterSelect
          label="Versions"
          value={view.scope.versions ?? 'this'}
          onValueChange={(v) => set({ versions: v === 'all' ? 'all' : null })}
          options={[
            { value: 'this', label: `This version (${profile.version})` },
            { value: 'all', label: `Every version of ${profile.name}` },
          ]}
        />
      </div>
      <label className="flex w-fit cursor-pointer items-center gap-3 text-sm font-medium text-gray-800">
        <button
          type="button"
          role="switch"
          aria-checked={view.passing}
          onClick={() => set({ runs: view.passing ? null : 'passing' })}
          className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${view.passing ? 'bg-primary' : 'bg-gray-300'}`}
        >
          <span aria-hidden="true" className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${view.passing ? 'translate-x-5' : 'translate-x-0.5'}`} />
        </button>
        Without failing runs
      </label>
    </div>
  );
}
