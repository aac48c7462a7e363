import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Page } from '../../contract/envelope';
import { cartridgeCycles, type CartridgeCycles, type Maintenance, type maintenanceInput, type maintenanceListQuery } from '../../contract/fixtures';
import type { DB } from '../db/schema';
import { notFound } from '../http/errors';
import { cycleCountsOf, findMaintenance, insertMaintenance, listMaintenance, markMaintenance } from '../store/cartridge-maintenance';

/**
 * Maintenance of a cartridge's probes (contract/fixtures.ts): recorded by the superadmin, or by
 * the people of the company whose cassette holds the cartridge (scope `cartridge`).
 */

export const maintenanceOf = (db: Kysely<DB>, cartridgeId: number, list: z.output<typeof maintenanceListQuery>): Promise<Page<Maintenance>> =>
  listMaintenance(db, cartridgeId, list);

/** Records maintenance and resets what it resets, in one transaction; answers the record and the cycles after it. */
export async function recordMaintenance(
  db: Kysely<DB>,
  caller: { id: number },
  cartridgeId: number,
  input: z.output<typeof maintenanceInput>,
): Promise<{ maintenance: Maintenance; cycles: CartridgeCycles }> {
  return db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const at = await markMaintenance(trx, cartridgeId, input.kind, now);
    if (at === undefined) throw notFound(); // deleted since the access check
    const id = await insertMaintenance(trx, { cartridge_id: cartridgeId, kind: input.kind, contact_cycles: at, notes: input.notes, created_by: caller.id, created_at: now });
    const counts = (await cycleCountsOf(trx, cartridgeId))!;
    return { maintenance: await findMaintenance(trx, id), cycles: cartridgeCycles(counts) };
  });
}
