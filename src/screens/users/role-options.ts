import { useQuery } from '@tanstack/react-query';
import type { Role } from '../../../contract/roles';
import { companyRolesOptions } from '../../api/lookups';
import type { CheckboxOption } from '../../components/form/checkbox-group';

/**
 * The roles the caller may grant (`GET /companyroles`), plus any the user already holds, so
 * the form never hides a role the user has.
 */
export function useRoleOptions(held: readonly Role[] = []) {
  const query = useQuery(companyRolesOptions());
  const byId = new Map<number, Role>();
  for (const r of [...(query.data ?? []), ...held]) byId.set(r.id, r);
  const options: CheckboxOption<number>[] = [...byId.values()]
    .sort((a, b) => a.id - b.id)
    .map((r) => ({ value: r.id, label: r.name }));
  return { options, isPending: query.isPending, error: query.error };
}
