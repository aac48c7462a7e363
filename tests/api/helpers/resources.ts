import { next } from './access-world';
import type { TestApp } from './test-app';

/** Creates a pin type as the superadmin and returns its id. */
export async function createPinType(t: TestApp, name = `Pin type ${next()}`): Promise<number> {
  const res = await t.call('POST', '/v1/pintypes', { as: 'root', body: { name } });
  if (res.statusCode !== 201) throw new Error(`create pin type: ${res.statusCode} ${res.body}`);
  return res.json().data.id;
}

/** Creates a resource type allowing `pinTypeIds` as the superadmin and returns its id. */
export async function createResourceType(t: TestApp, pinTypeIds: number[] = [], name = `Resource ${next()}`): Promise<number> {
  const res = await t.call('POST', '/v1/resourcetypes', { as: 'root', body: { name, pin_type_ids: pinTypeIds } });
  if (res.statusCode !== 201) throw new Error(`create resource type: ${res.statusCode} ${res.body}`);
  return res.json().data.id;
}

/**
 * A cartridge type with connector pins, written to the tables directly: its API belongs to the
 * cartridge types screens (another slice). Returns the type's id and its pins' ids in order.
 */
export async function insertCartridgeType(
  t: TestApp,
  pins: { number: number; name: string; pin_type_id: number | null }[],
  name = `Cartridge ${next()}`,
): Promise<{ id: number; pins: number[] }> {
  const now = new Date().toISOString();
  const { id } = await t.db
    .insertInto('cartridge_types')
    .values({ name, description: '', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (const pin of pins) {
    const row = await t.db
      .insertInto('connector_pins')
      .values({ cartridge_type_id: id, ...pin, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return { id, pins: ids };
}
