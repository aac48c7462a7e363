const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** API times are ISO 8601 in UTC; people read them in their own zone. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : dateFormat.format(d);
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : dateTimeFormat.format(d);
}

/** `manufacturer` → `Manufacturer`: slugs of the contract are single lowercase words. */
export function titleCase(slug: string): string {
  return slug ? slug[0].toUpperCase() + slug.slice(1).replace(/[_-]+/g, ' ') : slug;
}
