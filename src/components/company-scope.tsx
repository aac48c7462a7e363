import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useSession } from '../app/app-actor';
import { isSuperadmin } from '../../contract/permissions';
import { companyOptions } from '../api/companies';
import { chooseCompany, COMPANY_SPECIFIC_PARAMS, useChosenCompany } from '../lib/company-context';
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
 * superadmin (whose own company has no projects) the company of `?company=ID`, else the one
 * chosen earlier on any screen or in the top bar (src/lib/company-context.ts). The URL's choice
 * becomes the context; a screen opened without one gets the context written into its URL
 * (replacing the entry), so a copied link or a reload names the same company.
 */
export function useCompanyScope(): CompanyScope {
  const session = useSession();
  const { params, hrefWith } = useSearchState();
  const [, navigate] = useLocation();
  const chooses = isSuperadmin(session?.user);
  const userId = chooses && session ? session.user.id : null;
  const inUrl = chooses ? positiveIntParam(params, 'company') : null;
  const context = useChosenCompany(userId);
  const chosen = inUrl ?? context;
  // The name of the chosen company, which any page of companies may not hold.
  const company = useQuery({ ...companyOptions(chosen ?? 0), enabled: !!chosen });

  useEffect(() => {
    if (userId !== null && inUrl !== null) chooseCompany(userId, inUrl);
  }, [userId, inUrl]);
  const reflect = userId !== null && inUrl === null && context !== null ? hrefWith({ company: context }) : null;
  useEffect(() => {
    if (reflect) navigate(reflect, { replace: true });
  }, [reflect, navigate]);

  if (!session) return { companyId: null, chooses: false, companyName: null, companyError: null };
  if (!chooses) return { companyId: session.user.company_id, chooses, companyName: session.company.name, companyError: null };
  return { companyId: chosen, chooses, companyName: company.data?.name ?? null, companyError: company.error };
}

/** The superadmin's "Company" choice, searched on the server, kept in the URL and the context; nothing for anyone else. */
export function CompanyPicker({ scope }: { scope: CompanyScope }) {
  const { set } = useSearchState();
  const session = useSession();
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
        onValueChange={(v) => {
          if (session) chooseCompany(session.user.id, Number(v));
          set({ company: v, ...COMPANY_SPECIFIC_PARAMS });
        }}
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
