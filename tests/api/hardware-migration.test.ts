import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate';
import { databaseBefore, insertedId } from './helpers/migrations';

/**
 * Migration 012 on a database that has projects already: each gets its configuration, sized to
 * what its selections use, and a project made from a request gets its mapped groups as test resources.
 */
describe('012_project_hardware back-fill', () => {
  let dispose: (() => Promise<void>) | undefined;
  afterAll(() => dispose?.());

  it('gives existing projects their configuration and a request-made project its test resources', async () => {
    const opened = await databaseBefore('012_project_hardware');
    dispose = opened.dispose;
    const db = opened.db;

    const now = new Date().toISOString();
    const stamps = { created_at: now, updated_at: now };
    const id = insertedId;
    const type = await id(db.insertInto('company_types').values({ slug: 'customer-m', name: 'Customer M' }).returning('id'));
    const company = await id(db.insertInto('companies').values({ name: 'Migrated', type_id: type, ...stamps }).returning('id'));
    const plain = await id(db.insertInto('projects').values({ company_id: company, name: 'Plain', request_id: null, ...stamps }).returning('id'));
    const request = await id(db.insertInto('project_requests').values({ company_id: company, projectname: 'Made', status: 'completed', ...stamps }).returning('id'));
    const made = await id(db.insertInto('projects').values({ company_id: company, name: 'Made', request_id: request, ...stamps }).returning('id'));
    const moduleType = await id(db.insertInto('cassette_module_types').values({ name: 'DMM M', ams_type: 'dmm', ...stamps }).returning('id'));
    const cartridgeType = await id(db.insertInto('cartridge_types').values({ name: 'CT M', ...stamps }).returning('id'));
    const pin = await id(db.insertInto('connector_pins').values({ cartridge_type_id: cartridgeType, number: 1, name: 'P1', pin_type_id: null, ...stamps }).returning('id'));
    const resourceType = await id(db.insertInto('resource_types').values({ name: 'RT M', ...stamps }).returning('id'));
    await db.insertInto('selected_modules').values({ request_id: request, project_id: made, cassette_module_type_id: moduleType, slot: 6, created_at: now }).execute();
    const cartridge = await id(
      db.insertInto('selected_cartridges').values({ request_id: request, project_id: made, cartridge_type_id: cartridgeType, bay: 1, created_at: now }).returning('id'),
    );
    const group = await id(
      db
        .insertInto('test_pad_groups')
        .values({ request_id: request, name: 'VCC', resource_type_id: resourceType, selected_cartridge_id: cartridge, connector_pin_id: pin, selected_module_id: null, ...stamps })
        .returning('id'),
    );
    await db.insertInto('test_pad_groups').values({ request_id: request, name: 'Unmapped', resource_type_id: resourceType, selected_cartridge_id: null, connector_pin_id: null, selected_module_id: null, ...stamps }).execute();

    await migrateToLatest(db);
    const configs = await db.selectFrom('cassette_configurations').select(['project_id', 'company_id', 'module_slots', 'cartridge_bays']).orderBy('project_id').execute();
    expect(configs).toEqual([
      { project_id: plain, company_id: company, module_slots: 4, cartridge_bays: 2 },
      { project_id: made, company_id: company, module_slots: 6, cartridge_bays: 2 },
    ]);
    const resources = await db.selectFrom('test_resources').select(['project_id', 'selected_cartridge_id', 'connector_pin_id', 'name', 'test_pad_group_id']).execute();
    expect(resources).toEqual([{ project_id: made, selected_cartridge_id: cartridge, connector_pin_id: pin, name: 'VCC', test_pad_group_id: group }]);
  });
});
