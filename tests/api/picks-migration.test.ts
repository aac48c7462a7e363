import type { Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate';
import type { DB, DevicesTable } from '../../server/db/schema';
import { databaseBefore, insertedId } from './helpers/migrations';

/** The schema before 016: each board named its release batch. */
type BeforePicks = Omit<DB, 'devices'> & { devices: DevicesTable & { release_batch_id: number | null } };

/**
 * Migrations 016 and 018 on a database whose boards were picked the old way (devices.release_batch_id):
 * each picked board becomes a pick of the same batch with its serial and production batch, the boards in no batch
 * stay in the pool, and the devices table keeps no release-batch index.
 */
describe('016_release_batch_picks', () => {
  let dispose: (() => Promise<void>) | undefined;
  afterAll(() => dispose?.());

  it('moves every board\'s release batch into its pick', async () => {
    const opened = await databaseBefore('016_release_batch_picks');
    dispose = opened.dispose;
    const db = opened.db;

    // The old schema still has devices.release_batch_id, which schema.ts no longer lists.
    const old = db as unknown as Kysely<BeforePicks>;
    const now = new Date().toISOString();
    const stamps = { created_at: now, updated_at: now };
    const id = insertedId;
    const type = await id(old.insertInto('company_types').values({ slug: 'customer-p', name: 'Customer P' }).returning('id'));
    const company = await id(old.insertInto('companies').values({ name: 'Picked', type_id: type, ...stamps }).returning('id'));
    const project = await id(old.insertInto('projects').values({ company_id: company, name: 'Picked', request_id: null, ...stamps }).returning('id'));
    const maker = await id(old.insertInto('manufacturers').values({ project_id: project, name: 'Maker', created_at: now }).returning('id'));
    const lot = await id(old.insertInto('production_batches').values({ project_id: project, manufacturer_id: maker, name: 'Lot', planned_quantity: 3, ...stamps }).returning('id'));
    const shipment = await id(old.insertInto('release_batches').values({ project_id: project, name: 'Shipment', device_count: 2, ...stamps }).returning('id'));
    const board = (serial: string, releaseBatch: number | null) =>
      id(
        old
          .insertInto('devices')
          .values({ project_id: project, production_batch_id: lot, serial, serial_key: serial.toLowerCase(), status: 'passed', release_batch_id: releaseBatch, ...stamps })
          .returning('id'),
      );
    const first = await board('PK-B', shipment);
    const second = await board('PK-A', shipment);
    await board('PK-C', null);

    await migrateToLatest(db);
    const picks = await db.selectFrom('release_batch_picks').select(['device_id', 'release_batch_id', 'serial_key', 'production_batch_id']).orderBy('device_id').execute();
    // 018 copies each board's production batch onto its pick.
    expect(picks).toEqual([
      { device_id: first, release_batch_id: shipment, serial_key: 'pk-b', production_batch_id: lot },
      { device_id: second, release_batch_id: shipment, serial_key: 'pk-a', production_batch_id: lot },
    ]);
    const columns = (await db.introspection.getTables()).find((table) => table.name === 'devices')!.columns.map((c) => c.name);
    // PostgreSQL drops the column; SQLite keeps it, null on every board.
    if (columns.includes('release_batch_id')) {
      const left = await old.selectFrom('devices').where('release_batch_id', 'is not', null).select('id').execute();
      expect(left).toEqual([]);
    }
  });
});
