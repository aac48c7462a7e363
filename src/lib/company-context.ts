import { useSyncExternalStore } from 'react';

/**
 * The company a superadmin works on: chosen once (on a screen or in the top bar), it stays chosen
 * on every screen that shows one company's data until changed. Company users never have one:
 * their own company is their context.
 *
 * Where it lives: in memory for this tab, mirrored to sessionStorage (a reload keeps it) and to
 * localStorage (a new tab starts where the last choice was). Keys are per user, so someone else
 * logging in on this browser does not inherit it. Another tab's later choice is not followed:
 * two tabs may look at two companies without pulling each other along.
 * The URL's `?company=` still wins where present (a link or a bookmark names its company) and
 * becomes the context; screens copy the context into their URL so links and reloads carry it.
 */

export const companyContextKey = (userId: number) => `company-context:${userId}`;

const memory = new Map<number, number | null>();
const listeners = new Set<() => void>();

const parseId = (raw: string | null): number | null => {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 && Number.isSafeInteger(n) ? n : null;
};

function stored(key: string): number | null {
  try {
    return parseId(sessionStorage.getItem(key)) ?? parseId(localStorage.getItem(key));
  } catch {
    // Storage can be unavailable (privacy modes): the choice then lasts as long as the page.
    return null;
  }
}

/** The company this user last chose here, or null. */
export function chosenCompany(userId: number): number | null {
  if (!memory.has(userId)) memory.set(userId, stored(companyContextKey(userId)));
  return memory.get(userId) ?? null;
}

/** Makes `companyId` the user's context (null: none), on every screen that reads it. */
export function chooseCompany(userId: number, companyId: number | null): void {
  if (chosenCompany(userId) === companyId) return;
  memory.set(userId, companyId);
  const key = companyContextKey(userId);
  try {
    for (const storage of [sessionStorage, localStorage]) {
      if (companyId === null) storage.removeItem(key);
      else storage.setItem(key, String(companyId));
    }
  } catch {
    // Kept in memory only; see chosenCompany.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The user's chosen company, re-rendering when it changes; null without a user. */
export function useChosenCompany(userId: number | null): number | null {
  return useSyncExternalStore(subscribe, () => (userId === null ? null : chosenCompany(userId)));
}

/** Query parameters that belong to one company's data, dropped when the company changes. */
export const COMPANY_SPECIFIC_PARAMS = {
  page: null,
  project: null,
  status: null,
  batch: null,
  jig: null,
  profile: null,
  version: null,
  step: null,
} as const;
