import { useSession } from '../app/app-actor';
import { isSuperadmin } from '../../contract/permissions';
import { positiveIntParam, useSearchState } from '../lib/url-search';
import { useCompanyOptions } from './company-options';
import { ErrorPresenter } from './error-presenter';
import { FilterSelect } from './filter-select';

export type CompanyScope = {
  /** The company whose data the screen shows; null while a superadmin has not chosen one. */
  companyId: number | null;
  /** Only a superadmin chooses; everyone else sees their own company. */
  chooses: boolean;
  companyName: string | null;
};

/**
 * Whose projects, statistics or week a screen shows: a company user's own company; for a
 * superadmin (whose own company has no projects) the company chosen in `?company=ID`.
 */
export function useCompanyScope(): CompanyScope {
  const session = useSession();
  const { params } = useSearchState();
  const chooses = isSuperadmin(session?.user);
  const companies = useCompanyOptions(chooses);
  if (!session) return { companyId: null, chooses: false, companyName: null };
  if (!chooses) return { companyId: session.user.company_id, chooses, companyName: session.company.name };
  const chosen = positiveIntParam(params, 'company');
  return {
    companyId: chosen,
    chooses,
    companyName: companies.options.find((o) => o.value === String(chosen))?.label ?? null,
  };
}

/** The superadmin's "Company" select, kept in the URL; renders nothing for anyone else. */
export function CompanyPicker({ scope }: { scope: CompanyScope }) {
  const { set } = useSearchState();
  const companies = useCompanyOptions(scope.chooses);
  if (!scope.chooses) return null;
  return (
    <div className="flex flex-col gap-2">
      <FilterSelect
        label="Company"
        value={scope.companyId ? String(scope.companyId) : ''}
        // A new company starts on the first page of its own rows, with no other company's filters.
        onValueChange={(v) => set({ company: v || null, page: null, project: null, status: null })}
        options={companies.options}
        allLabel={companies.isPending ? 'Loading companies…' : 'Choose a company'}
      />
      {companies.error ? <ErrorPresenter error={companies.error} title="Could not load companies" /> : null}
    </div>
  );
}

/** What a superadmin sees before choosing a company. */
export function ChooseCompanyPrompt({ what }: { what: string }) {
  return (
    <p className="rounded-lg border border-dashed border-secondary/40 bg-white p-6 text-center text-sm text-secondary">
      Choose a company above to see its {what}.
    </p>
  );
}
