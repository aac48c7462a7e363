/** Local storage keys of SPEC §9. */
export const TOKEN_KEY = 'user-token';
export const PROFILE_KEY = 'user-profile';

/** SPEC §5: saving needs both a key and a value. */
export function save(key: string, value: unknown): void {
  if (!key || value === undefined || value === null) throw new Error('Key/value not defined.');
  localStorage.setItem(key, JSON.stringify(value));
}

/** A missing or corrupt entry reads as null: the caller treats both as "nothing stored". */
export function load<T = unknown>(key: string): T | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(key);
  } catch {
    // Storage can be unavailable (privacy modes); that is the same as nothing stored.
    return null;
  }
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/** SPEC §5: removing needs a key. */
export function remove(key: string): void {
  if (!key) throw new Error('Key not defined.');
  localStorage.removeItem(key);
}
