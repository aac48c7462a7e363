/** The fallback id for a non-numeric route parameter (SPEC §9). */
export const INVALID_ID = -1;

/** SPEC §2: a numeric route parameter is read as an integer; anything else becomes -1. */
export function parseNumericParam(raw: string | undefined | null): number {
  if (raw == null || !/^\d+$/.test(raw)) return INVALID_ID;
  const n = Number(raw);
  return Number.isSafeInteger(n) ? n : INVALID_ID;
}
