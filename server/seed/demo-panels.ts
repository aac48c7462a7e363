import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** Boards per panel on the demo's production lines. */
const BOARDS_PER_PANEL = 4;

/**
 * The demo boards were built four to a panel: consecutive serials of a batch share a panel id
 * (`MC2-2409-P0001` holds boards 1–4 of `MC2-2409-…`), so `/manage/devices` can show and correct
 * a whole panel. Serials end in their number within the batch (demo-production.ts).
 */
export async function seedDemoPanels(db: Kysely<DB>): Promise<void> {
  const boards = await db.selectFrom('devices').select(['id', 'serial']).where('panel_id', 'is', null).execute();
  const panels = new Map<string, number[]>();
  for (const board of boards) {
    const match = /^(.*)-(\d+)$/.exec(board.serial);
    if (!match) continue;
    const panel = `${match[1]}-P${String(Math.ceil(Number(match[2]) / BOARDS_PER_PANEL)).padStart(4, '0')}`;
    panels.set(panel, [...(panels.get(panel) ?? []), board.id]);
  }
  await db.transaction().execute(async (trx) => {
    for (const [panel, ids] of panels) await trx.updateTable('devices').set({ panel_id: panel }).where('id', 'in', ids).execute();
  });
}
