import { sql, type Kysely } from 'kysely';
import { toCount } from '../../db/dialect';
import type { DB } from '../../db/schema';
import type { CurrentFixture } from '../../store/fixtures';
import type { Tally } from './tallies';

/**
 * Contact cycles: each stored report is one touch of every cartridge of the fixture it ran on.
 * Kept as a counter on the cartridge, added to with the group's other tallies (report-writes.ts)
 * and equal to a recount over the reports (recountContactCycles).
 */
export const CONTACT_CYCLES_TALLY: Tally<{ id: number; contact_cycles: number }> = {
  table: 'cartridges',
  mode: 'update',
  columns: { id: 'integer', contact_cycles: 'integer' },
  key: ['id'],
  added: ['contact_cycles'],
};

/** The cycles the reports of these jigs (one entry per stored report) add, per cartridge. */
export function contactCycleRows(reportJigs: number[], fixtures: Map<number, CurrentFixture>): { id: number; contact_cycles: number }[] {
  const cycles = new Map<number, number>();
  for (const jig of reportJigs) {
    for (const id of fixtures.get(jig)?.cartridge_ids ?? []) cycles.set(id, (cycles.get(id) ?? 0) + 1);
  }
  return [...cycles].map(([id, contact_cycles]) => ({ id, contact_cycles }));
}

/**
 * A cartridge's contact cycles as a count of the stored reports whose fixture held it: the
 * check that the kept counter is right. Reads the reports, so never on a request path.
 */
export async function recountContactCycles(db: Kysely<DB>, cartridgeId: number): Promise<number> {
  const row = await db
    .selectFrom('fixture_cartridges')
    .innerJoin('device_reports', 'device_reports.fixture_id', 'fixture_cartridges.fixture_id')
    .where('fixture_cartridges.cartridge_id', '=', cartridgeId)
    .select(sql<string | number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return toCount(row.n);
}
