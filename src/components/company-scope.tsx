import { useQuery } from '@tanstack/react-query';
import { useSession } from '../app/app-actor';
import { isSuperadmin } from '../../contract/permissions';
import { companyOptions } from '../api/companies';
import { positiveIntParam, useSearchState } from '../lib/url-search';
import { companySearch } from './company-search';
import { ErrorPresenter } from './error-presenter';
import { AsyncSelect } from './form/async-select';

export type CompanyScope = {
  /** The company whose data the screen shows; null while a superadmin has not chosen one. */
  companyId: number | null;
  /** Only a superadmin chooses; everyone else sees their own company. */
  chooses: boolean;
  companyName: string | null;
  /** Why the chosen company's name could not be loaded (a stale `?company=`). */
  companyError: unknown;
};

/**
 * Whose projects, statistics or week a screen shows: a company user's own company; for a
 * superadmin (whose own company has no projects) the company chosen in `?company=ID`.
 */
export function useCompanyScope(): CompanyScope {
  const session = useSession();
  const { params } = useSearchState();
  const chooses = isSuperadmin(session?.user);
  const chosen = chooses ? positiveIntParam(params, 'company') : null;
  // The name of the company in the URL, which any page of companies may not hold.
  const company = useQuery({ ...companyOptions(chosen ?? 0), enabled: !!chosen });
  if (!session) return { companyId: null, chooses: false, companyName: null, companyError: null };
  if (!chooses) return { companyId: session.user.company_id, chooses, companyName: session.company.name, companyError: null };
  return { companyId: chosen, chooses, companyName: company.data?.name ?? null, companyError: company.error };
}

/** The superadmin's "Company" choice, searched on the server, kept in the URL; nothing for anyone else. */
export function CompanyPicker({ scope }: { scope: CompanyScope }) {
  const { set } = useSearchState();
  if (!scope.chooses) return null;
  return (
    <div className="flex max-w-md flex-col gap-2">
      <AsyncSelect
        {...companySearch}
        label="Company"
        value={scope.companyId ? String(scope.companyId) : ''}
        selectedLabel={scope.companyName}
        placeholder="Choose a company"
        noMatches="No companies match."
        // A new company starts on the first page of its own rows, with no other company's filters.
        onValueChange={(v) => set({ company: v, page: null, project: null, status: null })}
      />
      {scope.companyError ? <ErrorPresenter error={scope.companyError} title="Could not load the company" /> : null}
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
