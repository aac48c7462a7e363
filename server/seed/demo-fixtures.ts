import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { currentFixtures } from '../services/fixtures';

/**
 * The demo's fixtures and contact cycles. The demo reports are bulk-loaded (demo-production.ts),
 * not ingested, so here each jig's reports are given the fixture the jig is now (its cassette
 * and cartridges as the catalogue's demo placed them), and every cartridge's counter is set to
 * the recount of its reports: the same figure ingestion would have kept. The cartridge types
 * get a rated probe life and a cleaning interval; the HD-80's life is rated so that the line
 * cassette's worn cartridge (CR-HD80-0001, bay 1) is near the end of it.
 */
const LIMITS: Record<string, { life: number; cleaning: number }> = {
  'PB-40 Programming cartridge': { life: 500_000, cleaning: 25_000 },
  'MX-64 Mixed-signal cartridge': { life: 300_000, cleaning: 20_000 },
};
const WORN = 'CR-HD80-0001';
const WORN_TYPE = 'HD-80 High-density cartridge';
/** The share of its rated life the worn cartridge has used: past the "due soon" mark of 90%. */
const WORN_SHARE = 0.96;

export async function seedDemoFixtures(db: Kysely<DB>): Promise<void> {
  const now = new Date().toISOString();
  const jigs = (await db.selectFrom('device_reports').select('enclosure_id').distinct().where('enclosure_id', 'is not', null).where('fixture_id', 'is', null).execute()).map((r) => r.enclosure_id!);
  const fixtures = await currentFixtures(db, jigs, now);
  for (const [jig, fixture] of fixtures) {
    await db.updateTable('device_reports').set({ fixture_id: fixture.id }).where('enclosure_id', '=', jig).where('fixture_id', 'is', null).execute();
  }
  // The counters as a recount gives them (contact-cycles.ts recountContactCycles, for every cartridge at once).
  await db
    .updateTable('cartridges')
    .set({
      contact_cycles: sql<number>`(select count(*) from fixture_cartridges as fc inner join device_reports as r on r.fixture_id = fc.fixture_id where fc.cartridge_id = cartridges.id)`,
    })
    .execute();
  for (const [name, { life, cleaning }] of Object.entries(LIMITS)) {
    await db.updateTable('cartridge_types').set({ rated_probe_life_cycles: life, cleaning_interval_cycles: cleaning }).where('name', '=', name).execute();
  }
  const worn = await db.selectFrom('cartridges').select(['id', 'contact_cycles']).where('serial', '=', WORN).executeTakeFirst();
  const wornCycles = Math.max(worn?.contact_cycles ?? 0, 100);
  const life = Math.ceil(wornCycles / WORN_SHARE / 10) * 10;
  await db.updateTable('cartridge_types').set({ rated_probe_life_cycles: life, cleaning_interval_cycles: Math.max(10, Math.round(life / 8 / 10) * 10) }).where('name', '=', WORN_TYPE).execute();
  if (worn && worn.contact_cycles > 0) {
    // Cleaned a while ago, on schedule: the history shows what a record looks like.
    const at = Math.floor(worn.contact_cycles * 0.9);
    await db.updateTable('cartridges').set({ cycles_at_cleaning: at }).where('id', '=', worn.id).execute();
    await db.insertInto('cartridge_maintenance').values({ cartridge_id: worn.id, kind: 'cleaned', contact_cycles: at, notes: 'Brushed and blown out; probe tips dulled.', created_by: null, created_at: now }).execute();
  }
}
