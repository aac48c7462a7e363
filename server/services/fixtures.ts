import type { Kysely } from 'kysely';
import { todayUtc } from '../../contract/cartridges';
import type { DB } from '../db/schema';
import type { Fixture } from '../../contract/fixtures';
import { fixtureRows, fixturesByIds, fixtureStates, type CurrentFixture } from '../store/fixtures';

/**
 * The fixture each of these jigs is now (store/fixtures.ts), by jig: its row, made on first
 * sight of this state, and the cartridges a report on it adds a contact cycle to. Two
 * statements whatever the jigs (the registry's state, then the rows by signature); a new
 * state adds a short transaction of its own. Ingestion asks once per group, never per report.
 */
export async function currentFixtures(db: Kysely<DB>, jigIds: number[], now: string): Promise<Map<number, CurrentFixture>> {
  const states = await fixtureStates(db, jigIds, todayUtc(new Date(now)));
  const ids = await fixtureRows(db, [...states.values()], now);
  const current = new Map<number, CurrentFixture>();
  for (const [jig, state] of states) {
    const id = ids.get(jig);
    if (id !== undefined) current.set(jig, { id, cartridge_ids: state.cartridges.map((c) => c.cartridge_id) });
  }
  return current;
}

/** The fixture one jig is now (see currentFixtures); undefined for a jig not registered. */
export async function currentFixture(db: Kysely<DB>, jigId: number): Promise<CurrentFixture | undefined> {
  return (await currentFixtures(db, [jigId], new Date().toISOString())).get(jigId);
}

/** A report's fixture as it was (null for a report stored before fixtures were kept). */
export async function reportFixture(db: Kysely<DB>, fixtureId: number | null): Promise<Fixture | null> {
  if (fixtureId === null) return null;
  return (await fixturesByIds(db, [fixtureId])).get(fixtureId) ?? null;
}
