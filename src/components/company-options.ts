import { useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '../../contract/list-query';
import { companiesListOptions } from '../api/companies';
import type { SelectOption } from './form/select-field';

/** For the superadmin's company choice: the first 200 companies by name (one page, API limit). */
export function useCompanyOptions(enabled: boolean) {
  const query = useQuery({
    ...companiesListOptions({ page: 1, limit: MAX_PAGE_SIZE, sortby: 'name', sortdesc: false }),
    enabled,
  });
  const options: SelectOption[] = (query.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  return { options, isPending: enabled && query.isPending, error: query.error };
}
