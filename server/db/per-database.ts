import type { Kysely } from 'kysely';

/**
 * State a process keeps per database handle (caches of rows read from it): each app, test file
 * or bench run has its own handle, so one's entries are never read for another's rows.
 */
export function perDatabase<T>(make: () => T): (db: Kysely<any>) => T {
  const states = new WeakMap<Kysely<any>, T>();
  return (handle) => {
    const db = aliases.get(handle) ?? handle;
    let state = states.get(db);
    if (state === undefined) states.set(db, (state = make()));
    return state;
  };
}

const aliases = new WeakMap<Kysely<any>, Kysely<any>>();

/**
 * Another handle on the same database (pipelined-reads.ts): what is kept per database is the
 * main handle's, so a write through one forgets what a read through the other kept.
 */
export function sameDatabase(other: Kysely<any>, main: Kysely<any>): void {
  aliases.set(other, main);
}
