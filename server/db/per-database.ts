import type { Kysely } from 'kysely';

/**
 * State a process keeps per database handle (caches of rows read from it): each app, test file
 * or bench run has its own handle, so one's entries are never read for another's rows.
 */
export function perDatabase<T>(make: () => T): (db: Kysely<any>) => T {
  const states = new WeakMap<Kysely<any>, T>();
  return (db) => {
    let state = states.get(db);
    if (state === undefined) states.set(db, (state = make()));
    return state;
  };
}
