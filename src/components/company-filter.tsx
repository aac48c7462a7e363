import { useQuery } from '@tanstack/react-query';
import { companyOptions } from '../api/companies';
import { positiveIntParam, useSearchState } from '../lib/url-search';
import { companySearch } from './company-search';
import { IdFilter } from './data-table/id-filter';

/**
 * The /manage lists' "Company" filter (`?company_id=`): every company's rows until one is
 * chosen. Not the company context of the dashboard, projects and statistics (CompanyPicker),
 * which always names one company.
 */
export function CompanyFilter({ resets }: { resets?: readonly string[] }) {
  const companyId = positiveIntParam(useSearchState().params, 'company_id');
  const company = useQuery({ ...companyOptions(companyId ?? 0), enabled: companyId !== null });
  return (
    <IdFilter
      {...companySearch}
      param="company_id"
      label="Company"
      selectedLabel={company.data?.name ?? null}
      placeholder="All companies"
      noMatches="No companies match."
      resets={resets}
    />
  );
}
