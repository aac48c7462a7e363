import type { CompanyRoleSlug, RoleSlug } from './role-slugs';

/**
 * What people read for each internal value, in messages and menus. Roles and company types match
 * the names their lookup tables hold (server migration 001); statuses read as their word.
 * Kept free of zod so the first screen's bundle may use it.
 */
export const ROLE_LABELS: Record<RoleSlug, string> = {
  superadmin: 'Superadmin',
  admin: 'Administrator',
  engineer: 'Engineer',
  operator: 'Operator',
  viewer: 'Viewer',
};

export const COMPANY_ROLE_LABELS: Record<CompanyRoleSlug, string> = ROLE_LABELS;

export const COMPANY_TYPE_LABELS = { customer: 'Customer', manufacturer: 'Manufacturer', operator: 'Operator' } as const;

/** `failed` → `Failed`, `in_progress` → `In progress`: a status as a word. */
export function wordOf(value: string): string {
  return value ? value[0].toUpperCase() + value.slice(1).replace(/[_-]+/g, ' ') : value;
}

/** `A, B or C`. */
export function listed(words: readonly string[]): string {
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}
