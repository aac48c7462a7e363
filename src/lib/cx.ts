/** Joins class names, dropping the falsy ones. Whole class names only, so Tailwind finds them. */
export function cx(...parts: (string | false | null | undefined)[]): string {
  return parts.filter(Boolean).join(' ');
}
