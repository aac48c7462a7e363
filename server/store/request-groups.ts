import type { Kysely } from 'kysely';
import { allListed } from '../../contract/labels';
import type { TestPadGroup } from '../../contract/requests';
import type { DB } from '../db/schema';
import { pinMappingOf, PIN_MAPPING_COLUMNS } from './pin-mapping';

/**
 * Test pad groups of a request (migration 010): a resource type, the pads in it (test_pads.group_id,
 * so a pad is in one group at most) and the connector pin it is mapped to. Writes run under the
 * request's lock (request-lock.ts); these are the plain reads and writes.
 */

export const GROUP_NOT_FOUND = 'There is no such test pad group.';
export const GROUP_NAME_TAKEN = 'Another pad group of this request has this name.';

function selectGroups(db: Kysely<DB>) {
  return db
    .selectFrom('test_pad_groups as g')
    .innerJoin('resource_types as rt', 'rt.id', 'g.resource_type_id')
    .leftJoin('selected_cartridges as sc', 'sc.id', 'g.selected_cartridge_id')
    .leftJoin('cartridge_types as ct', 'ct.id', 'sc.cartridge_type_id')
    .leftJoin('connector_pins as cp', 'cp.id', 'g.connector_pin_id')
    .leftJoin('pin_types as pt', 'pt.id', 'cp.pin_type_id')
    .leftJoin('selected_modules as sm', 'sm.id', 'g.selected_module_id')
    .leftJoin('cassette_module_types as mt', 'mt.id', 'sm.cassette_module_type_id')
    .select([
      'g.id',
      'g.request_id',
      'g.name',
      'g.created_at',
      'g.updated_at',
      'rt.id as rt_id',
      'rt.name as rt_name',
      ...PIN_MAPPING_COLUMNS,
    ]);
}
type Row = Awaited<ReturnType<ReturnType<typeof selectGroups>['executeTakeFirstOrThrow']>>;

function toGroup(row: Row, padIds: number[]): TestPadGroup {
  return {
    id: row.id,
    request_id: row.request_id,
    name: row.name,
    resource_type: { id: row.rt_id, name: row.rt_name },
    pad_ids: padIds,
    mapping: pinMappingOf(row),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The groups with their pads, the pads read in one query for all of them. */
async function withPads(db: Kysely<DB>, rows: Row[]): Promise<TestPadGroup[]> {
  if (!rows.length) return [];
  const pads = await db
    .selectFrom('test_pads')
    .select(['id', 'group_id'])
    .where('group_id', 'in', rows.map((r) => r.id))
    .orderBy('id')
    .execute();
  const byGroup = new Map<number, number[]>();
  for (const pad of pads) byGroup.set(pad.group_id!, [...(byGroup.get(pad.group_id!) ?? []), pad.id]);
  return rows.map((row) => toGroup(row, byGroup.get(row.id) ?? []));
}

export async function findGroup(db: Kysely<DB>, id: number): Promise<TestPadGroup | undefined> {
  const row = await selectGroups(db).where('g.id', '=', id).executeTakeFirst();
  return row && (await withPads(db, [row]))[0];
}

/** A request's groups, by name (a request holds tens of groups, not thousands: no paging). */
export async function listGroups(db: Kysely<DB>, requestId: number): Promise<TestPadGroup[]> {
  return withPads(db, await selectGroups(db).where('g.request_id', '=', requestId).orderBy('g.name').orderBy('g.id').execute());
}

/** Names compare in any case: "VCC" and "vcc" would be one net to whoever wires the fixture. */
export async function groupNameTaken(db: Kysely<DB>, requestId: number, name: string, exceptId?: number): Promise<boolean> {
  const rows = await db.selectFrom('test_pad_groups').select(['id', 'name']).where('request_id', '=', requestId).execute();
  return rows.some((r) => r.id !== exceptId && r.name.toLowerCase() === name.toLowerCase());
}

export async function resourceTypeName(db: Kysely<DB>, id: number): Promise<string | undefined> {
  return (await db.selectFrom('resource_types').select('name').where('id', '=', id).executeTakeFirst())?.name;
}

/**
 * Why these pads cannot be in a group of the request, in words, or null: ids that are no pad of
 * the request (another request's, or none), and tooling holes (they get no probe).
 */
export async function padRefusal(db: Kysely<DB>, requestId: number, padIds: readonly number[]): Promise<string | null> {
  if (!padIds.length) return null;
  const unique = [...new Set(padIds)];
  const pads = await db.selectFrom('test_pads').select(['id', 'name', 'kind']).where('request_id', '=', requestId).where('id', 'in', unique).execute();
  const found = new Set(pads.map((p) => p.id));
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length) return `${allListed(missing.map(String), 3)} ${missing.length === 1 ? 'is no test pad' : 'are no test pads'} of this request.`;
  const tooling = pads.filter((p) => p.kind === 'tooling').map((p) => p.name);
  if (tooling.length) return `${allListed(tooling, 3)} ${tooling.length === 1 ? 'is a tooling hole' : 'are tooling holes'}: tooling holes get no probe and join no group.`;
  return null;
}

export async function insertGroup(db: Kysely<DB>, values: { request_id: number; name: string; resource_type_id: number }): Promise<number> {
  const now = new Date().toISOString();
  const { id } = await db
    .insertInto('test_pad_groups')
    .values({ ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export type GroupColumns = {
  name?: string;
  resource_type_id?: number;
  selected_cartridge_id?: number | null;
  connector_pin_id?: number | null;
  selected_module_id?: number | null;
};

export async function updateGroup(db: Kysely<DB>, id: number, changes: GroupColumns): Promise<void> {
  await db.updateTable('test_pad_groups').set({ ...changes, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
}

/** Moves the pads into the group (out of any other: the one column holds one group). */
export async function movePads(db: Kysely<DB>, requestId: number, groupId: number, padIds: readonly number[]): Promise<void> {
  if (!padIds.length) return;
  await db.updateTable('test_pads').set({ group_id: groupId }).where('request_id', '=', requestId).where('id', 'in', [...new Set(padIds)]).execute();
}

/** Takes pads out of the group: these, or all of them. */
export async function ungroupPads(db: Kysely<DB>, groupId: number, padIds?: readonly number[]): Promise<void> {
  if (padIds && !padIds.length) return;
  let query = db.updateTable('test_pads').set({ group_id: null }).where('group_id', '=', groupId);
  if (padIds) query = query.where('id', 'in', [...new Set(padIds)]);
  await query.execute();
}

/** Deletes the group; its pads stay, in no group (test_pads.group_id is `on delete set null`). */
export async function deleteGroup(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('test_pad_groups').where('id', '=', id).execute();
}

/** The nets of each group's pads (each once, in pad order): what the pin mapping proposal matches pin names with. */
export async function groupNets(db: Kysely<DB>, requestId: number): Promise<Map<number, string[]>> {
  const rows = await db
    .selectFrom('test_pads')
    .select(['group_id', 'net'])
    .where('request_id', '=', requestId)
    .where('group_id', 'is not', null)
    .where('net', 'is not', null)
    .orderBy('id')
    .execute();
  const nets = new Map<number, string[]>();
  for (const { group_id, net } of rows) {
    const seen = nets.get(group_id!) ?? [];
    if (!seen.includes(net!)) nets.set(group_id!, [...seen, net!]);
  }
  return nets;
}
