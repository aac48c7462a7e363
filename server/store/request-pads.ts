import type { Kysely } from 'kysely';
import type { TestPadInput, TestPadKind, TestPadSide } from '../../contract/test-points';
import type { DB } from '../db/schema';

/** A request's test pads (migration 010), as stored: no probe, which the pogo board derives. */
export type StoredPad = {
  id: number;
  request_id: number;
  name: string;
  net: string | null;
  x: number;
  y: number;
  side: TestPadSide;
  diameter: number | null;
  kind: TestPadKind;
  group_id: number | null;
};

/**
 * Rows per insert: 9 values each stays far below SQLite's 32,766 and PostgreSQL's 65,535 bound
 * parameters, and 20,000 pads take 20 statements.
 */
const CHUNK = 1000;

export async function requestPads(db: Kysely<DB>, requestId: number): Promise<StoredPad[]> {
  const rows = await db
    .selectFrom('test_pads')
    .select(['id', 'request_id', 'name', 'net', 'x', 'y', 'side', 'diameter', 'kind', 'group_id'])
    .where('request_id', '=', requestId)
    .orderBy('id')
    .execute();
  // PostgreSQL's double precision arrives as a number already; SQLite's REAL too.
  return rows.map((row) => ({ ...row, x: Number(row.x), y: Number(row.y), diameter: row.diameter === null ? null : Number(row.diameter) })) as StoredPad[];
}

export async function padNames(db: Kysely<DB>, requestId: number): Promise<Set<string>> {
  const rows = await db.selectFrom('test_pads').select('name').where('request_id', '=', requestId).execute();
  return new Set(rows.map((r) => r.name));
}

/** Inserts the pads in chunks and returns their ids in the order given. */
export async function insertPads(db: Kysely<DB>, requestId: number, pads: readonly TestPadInput[]): Promise<number[]> {
  const now = new Date().toISOString();
  const ids: number[] = [];
  for (let start = 0; start < pads.length; start += CHUNK) {
    const rows = await db
      .insertInto('test_pads')
      .values(pads.slice(start, start + CHUNK).map((pad) => ({ request_id: requestId, ...pad, created_at: now })))
      .returning('id')
      .execute();
    // Both databases return a multi-row insert's ids in the order of its values.
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

export async function deleteRequestPads(db: Kysely<DB>, requestId: number): Promise<void> {
  await db.deleteFrom('test_pads').where('request_id', '=', requestId).execute();
}

export async function deletePad(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('test_pads').where('id', '=', id).execute();
}

export async function setPogoErrors(db: Kysely<DB>, requestId: number, errors: number): Promise<void> {
  await db.updateTable('project_requests').set({ pogo_errors: errors, updated_at: new Date().toISOString() }).where('id', '=', requestId).execute();
}

export async function requestGroupNames(db: Kysely<DB>, requestId: number): Promise<{ id: number; name: string }[]> {
  return db.selectFrom('test_pad_groups').select(['id', 'name']).where('request_id', '=', requestId).orderBy('id').execute();
}
