import { REQUEST_AGES, REQUEST_STATUSES } from '../../../contract/requests';
import type { RequestListParams } from '../../api/requests';
import { useTableFilter } from '../../components/data-table/table-filter';
import { positiveIntParam, useSearchState } from '../../lib/url-search';

/** The requests list's filters as the URL holds them (`?status=&age=&company_id=`); unknown values filter nothing. */
export function useRequestFilters(): Pick<RequestListParams, 'status' | 'age' | 'company_id'> {
  const status = useTableFilter('status', REQUEST_STATUSES);
  const age = useTableFilter('age', REQUEST_AGES);
  const companyId = positiveIntParam(useSearchState().params, 'company_id') ?? undefined;
  return { status, age, company_id: companyId };
}
