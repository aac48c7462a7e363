import { sql, type Generated, type Kysely } from 'kysely';
import { calibrationStatus, type CalibrationStatus } from '../../contract/cartridges';
import type { Fixture } from '../../contract/fixtures';
import { idsJson, jsonRecordset, preparedOnce, recordsJson, type Slot } from '../db/prepared';
import type { DB } from '../db/schema';

/** Fixture states (migration 023): one row per distinct state of a jig's fixture, shared by its reports. */
export interface FixturesTable {
  id: Generated<number>;
  company_id: number | null;
  enclosure_id: number;
  cassette_id: number | null;
  firmware_version: string | null;
  /** The state as text (fixtureSignature): the row is found by (enclosure_id, signature). */
  signature: string;
  created_at: string;
}

/** A fixture's cartridges, per bay, with their calibration when the fixture was first seen. */
export interface FixtureCartridgesTable {
  fixture_id: number;
  bay: number;
  cartridge_id: number;
  calibration_status: string;
  calibration_due_at: string | null;
}

/** Maintenance recorded on a cartridge (contract MAINTENANCE_KINDS). */
export interface CartridgeMaintenanceTable {
  id: Generated<number>;
  cartridge_id: number;
  kind: string;
  contact_cycles: number;
  notes: Generated<string>;
  created_by: number | null;
  created_at: string;
}

declare module '../db/schema' {
  interface DB {
    fixtures: FixturesTable;
    fixture_cartridges: FixtureCartridgesTable;
    cartridge_maintenance: CartridgeMaintenanceTable;
  }
}

/** A cartridge of a jig's fixture as the registry holds it now. */
export type FixturePart = { bay: number; cartridge_id: number; calibration_status: CalibrationStatus; calibration_due_at: string | null };

/** What a jig's fixture is now: its cassette, firmware and cartridges, and that state as text. */
export type FixtureState = {
  enclosure_id: number;
  company_id: number | null;
  cassette_id: number | null;
  firmware_version: string | null;
  cartridges: FixturePart[];
  signature: string;
};

/** A fixture state's row: its id and the cartridges every report on it adds a contact cycle to. */
export type CurrentFixture = { id: number; cartridge_ids: number[] };

/**
 * The state as text, the key of its row with the jig: any change of cassette, firmware, a
 * cartridge in a bay, or a cartridge's calibration (its due date, or its status as days pass)
 * gives another text, so the next report gets a new row and older reports keep theirs.
 */
export function fixtureSignature(state: Omit<FixtureState, 'signature' | 'enclosure_id' | 'company_id'>): string {
  return JSON.stringify([state.cassette_id, state.firmware_version, state.cartridges.map((c) => [c.bay, c.cartridge_id, c.calibration_status, c.calibration_due_at])]);
}

type StateRow = {
  enclosure_id: number;
  company_id: number | null;
  firmware_version: string | null;
  cassette_id: number | null;
  cartridge_id: number | null;
  bay: number | null;
  calibration_due_at: string | null;
};

/**
 * The jigs' fixtures as the registry holds them: each jig with the cassette in it (the first by
 * id, should two name it) and that cassette's cartridges in bays; a row per cartridge, one
 * with none for a jig without. One statement whatever the jigs (prepared.ts).
 */
const fixtureStateRows = preparedOnce<StateRow, 'jigs'>((slot: Slot<'jigs'>, db: Kysely<DB>) =>
  sql`
    select e.id as enclosure_id, e.company_id, e.firmware_version, c.id as cassette_id, k.id as cartridge_id, k.bay, k.calibration_due_at
    from ${jsonRecordset(db, { id: 'integer' }, slot('jigs'))}
    inner join enclosures as e on e.id = v.id
    left join cassettes as c on c.id = (select min(x.id) from cassettes as x where x.enclosure_id = e.id)
    left join cartridges as k on k.cassette_id = c.id and k.bay is not null
    order by e.id, k.bay, k.id`,
);

/** The fixtures of these jigs as the registry holds them now, by jig, each with its signature. */
export async function fixtureStates(db: Kysely<DB>, jigIds: number[], today: string): Promise<Map<number, FixtureState>> {
  const states = new Map<number, FixtureState>();
  if (jigIds.length === 0) return states;
  for (const row of await fixtureStateRows(db, { jigs: idsJson(jigIds) })) {
    let state = states.get(row.enclosure_id);
    if (!state) {
      state = { enclosure_id: row.enclosure_id, company_id: row.company_id, cassette_id: row.cassette_id, firmware_version: row.firmware_version, cartridges: [], signature: '' };
      states.set(row.enclosure_id, state);
    }
    if (row.cartridge_id !== null && row.bay !== null) {
      state.cartridges.push({ bay: row.bay, cartridge_id: row.cartridge_id, calibration_due_at: row.calibration_due_at, calibration_status: calibrationStatus(row.calibration_due_at, today) });
    }
  }
  for (const state of states.values()) state.signature = fixtureSignature(state);
  return states;
}

const KEY = { enclosure_id: 'integer', signature: 'text' } as const;

/** The stored rows of these (jig, signature) pairs. One statement whatever the pairs. */
const storedFixtures = preparedOnce<{ id: number; enclosure_id: number; signature: string }, 'keys'>((slot: Slot<'keys'>, db: Kysely<DB>) =>
  sql`
    select f.id, f.enclosure_id, f.signature
    from ${jsonRecordset(db, KEY, slot('keys'))}
    inner join fixtures as f on f.enclosure_id = v.enclosure_id and f.signature = v.signature`,
);

/**
 * Each state's fixture row, made when it is new. A new row and its cartridges are written in
 * their own transaction, committed before the reports' own: a fixture is a fact about the
 * registry, kept even if the reports' transaction rolls back, and the reports' transaction
 * never waits on another writer's new fixture (two writers making one: the unique key lets
 * one insert, the other finds its row).
 */
export async function fixtureRows(db: Kysely<DB>, states: FixtureState[], now: string): Promise<Map<number, number>> {
  const ids = new Map<number, number>();
  if (states.length === 0) return ids;
  const found = async () => {
    for (const row of await storedFixtures(db, { keys: recordsJson(KEY, states) })) {
      const state = states.find((s) => s.enclosure_id === row.enclosure_id && s.signature === row.signature);
      if (state) ids.set(state.enclosure_id, row.id);
    }
  };
  await found();
  const missing = states.filter((s) => !ids.has(s.enclosure_id));
  if (missing.length === 0) return ids;
  // Inside a caller's transaction (a seed, a test), the rows go in it.
  const inTransaction = (work: (trx: Kysely<DB>) => Promise<void>) => (db.isTransaction ? work(db) : db.transaction().execute(work));
  for (const state of missing) {
    await inTransaction(async (trx) => {
      const made = await trx
        .insertInto('fixtures')
        .values({ company_id: state.company_id, enclosure_id: state.enclosure_id, cassette_id: state.cassette_id, firmware_version: state.firmware_version, signature: state.signature, created_at: now })
        .onConflict((oc) => oc.columns(['enclosure_id', 'signature']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (made && state.cartridges.length) {
        await trx.insertInto('fixture_cartridges').values(state.cartridges.map((c) => ({ fixture_id: made.id, ...c }))).execute();
      }
    });
  }
  await found();
  return ids;
}

/** A fixture as reads show it: its cassette and cartridges by bay, as they were. */
export async function fixturesByIds(db: Kysely<DB>, ids: number[]): Promise<Map<number, Fixture>> {
  const out = new Map<number, Fixture>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('fixtures')
    .leftJoin('cassettes', 'cassettes.id', 'fixtures.cassette_id')
    .where('fixtures.id', 'in', ids)
    .select(['fixtures.id', 'fixtures.enclosure_id', 'fixtures.cassette_id', 'cassettes.serial as cassette_serial', 'cassettes.name as cassette_name', 'fixtures.firmware_version', 'fixtures.created_at'])
    .execute();
  const parts = await db
    .selectFrom('fixture_cartridges')
    .innerJoin('cartridges', 'cartridges.id', 'fixture_cartridges.cartridge_id')
    .where('fixture_cartridges.fixture_id', 'in', ids)
    .select(['fixture_cartridges.fixture_id', 'fixture_cartridges.bay', 'cartridges.id', 'cartridges.serial', 'fixture_cartridges.calibration_status', 'fixture_cartridges.calibration_due_at'])
    .orderBy('fixture_cartridges.bay')
    .execute();
  for (const row of rows) {
    out.set(row.id, {
      id: row.id,
      enclosure_id: row.enclosure_id,
      cassette: row.cassette_id !== null && row.cassette_serial !== null ? { id: row.cassette_id, serial: row.cassette_serial, name: row.cassette_name ?? '' } : null,
      firmware_version: row.firmware_version,
      cartridges: parts
        .filter((p) => p.fixture_id === row.id)
        .map((p) => ({ bay: p.bay, cartridge: { id: p.id, serial: p.serial }, calibration_status: p.calibration_status as CalibrationStatus, calibration_due_at: p.calibration_due_at })),
      created_at: row.created_at,
    });
  }
  return out;
}
