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

/** Words in a sentence: `A, B or C`; past `most` of them, `A, B, C or 4 more`. */
function inWords(words: readonly string[], conjunction: 'and' | 'or', most = Infinity): string {
  const shown = words.slice(0, most);
  const more = words.length - shown.length;
  if (more > 0) return `${shown.join(', ')} ${conjunction} ${more} more`;
  return shown.length < 2 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} ${conjunction} ${shown.at(-1)}`;
}

/** `A, B or C`. */
export const listed = (words: readonly string[]): string => inWords(words, 'or');

/** `A, B and C`; with `most`, `A, B, C and 4 more`. */
export const allListed = (words: readonly string[], most?: number): string => inWords(words, 'and', most);
