import type { Company } from '../../contract/companies';
import { companyKeys, searchCompanies } from '../api/companies';
import type { AsyncOptionsSource } from './form/async-select';

/** Companies for an async select: searched by name on the server as the superadmin types. */
export const companySearch: AsyncOptionsSource<Company> = {
  queryKey: companyKeys.choices(),
  fetchOptions: searchCompanies,
  optionValue: (company) => String(company.id),
  optionLabel: (company) => company.name,
};
