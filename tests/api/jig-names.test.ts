import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCassette } from './helpers/cassettes';
import { createProduction, type Production } from './helpers/production';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * One jig, one name per company (contract/jig-names.ts): once the company renames its jig in its
 * settings, every answer that names the jig to the company says the company's name, and sends
 * the registered one beside it; the platform's list keeps the registered name and adds the company's.
 */
describe('a jig’s names', () => {
  let t: TestApp;
  let p: Production;
  const REGISTERED = 'MC-200 line jig A';
  const COMPANY_NAME = 'EOL tester A';

  beforeAll(async () => {
    t = await createTestApp();
    p = await createProduction(t, 'alpha', { project: 'Named jig project' });
    await t.db.updateTable('enclosures').set({ name: REGISTERED }).where('id', '=', p.jig.id).execute();
    const setting = await t.db
      .selectFrom('enclosure_settings')
      .select('id')
      .where('enclosure_id', '=', p.jig.id)
      .where('company_id', '=', t.companyIds.alpha)
      .executeTakeFirstOrThrow();
    const renamed = await t.call('PATCH', `/v1/enclosuresettings/${setting.id}`, { as: 'alpha-admin', body: { name: COMPANY_NAME } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await p.report({ serial: 'NAMED-0001' })).statusCode).toBe(201);
  });
  afterAll(() => t?.close());

  const both = { name: COMPANY_NAME, registered_name: REGISTERED };

  it('names it by the company’s name on the dashboard, the company’s jig list and the statistics’ jig filter', async () => {
    const dashboard = (await t.call('GET', `/v1/companies/${t.companyIds.alpha}/dashboard`, { as: 'alpha-viewer' })).json().data;
    expect(dashboard.jigs.find((j: { enclosure_id: number }) => j.enclosure_id === p.jig.id)).toMatchObject(both);
    const settings = (await t.call('GET', `/v1/companies/${t.companyIds.alpha}/enclosuresettings?search=EOL`, { as: 'alpha-viewer' })).json().data;
    expect(settings).toEqual([expect.objectContaining({ enclosure_id: p.jig.id, ...both })]);
    const statistics = (await t.call('GET', `/v1/companies/${t.companyIds.alpha}/statistics`, { as: 'alpha-viewer' })).json().data;
    expect(statistics.choices.jigs).toEqual([{ id: p.jig.id, serial: p.jig.serial, ...both }]);
  });

  it('names it by the company’s name on a cassette in it and on the project’s cassettes', async () => {
    const cassette = await addCassette(t, t.companyIds.alpha, { enclosure_id: p.jig.id });
    const read = (await t.call('GET', `/v1/cassettes/${cassette}`, { as: 'alpha-viewer' })).json().data;
    expect(read.enclosure).toEqual({ id: p.jig.id, serial: p.jig.serial, ...both });
    const listed = (await t.call('GET', `/v1/companies/${t.companyIds.alpha}/cassettes`, { as: 'alpha-viewer' })).json().data;
    expect(listed.find((c: { id: number }) => c.id === cassette).enclosure).toMatchObject(both);
    const assigned = await t.call('POST', `/v1/projects/${p.projectId}/cassettes`, { as: 'alpha-engineer', body: { cassette_id: cassette } });
    expect(assigned.json().data.enclosure).toEqual({ id: p.jig.id, serial: p.jig.serial, ...both });
  });

  it('names it by the report’s company’s name on a device’s reports', async () => {
    const device = await t.db.selectFrom('devices').select('id').where('serial', '=', 'NAMED-0001').executeTakeFirstOrThrow();
    const reports = (await t.call('GET', `/v1/devices/${device.id}/reports`, { as: 'alpha-viewer' })).json().data;
    expect(reports[0]).toMatchObject({ enclosure_id: p.jig.id, enclosure_name: COMPANY_NAME, enclosure_registered_name: REGISTERED });
    const report = (await t.call('GET', `/v1/devicereports/${reports[0].id}`, { as: 'alpha-viewer' })).json().data;
    expect(report).toMatchObject({ enclosure_name: COMPANY_NAME, enclosure_registered_name: REGISTERED });
  });

  it('keeps the registered name on the platform’s list, with the company’s beside it, and finds the jig by either', async () => {
    for (const search of ['MC-200%20line', 'EOL%20tester']) {
      const res = await t.call('GET', `/v1/enclosures?search=${search}`, { as: 'root' });
      expect(res.json().data).toEqual([expect.objectContaining({ id: p.jig.id, name: REGISTERED, name_at_company: COMPANY_NAME })]);
    }
    const spare = await t.call('POST', '/v1/enclosures', { as: 'root', body: { serial: `SPARE-${Date.now()}`, name: 'Spare jig' } });
    expect(spare.json().data).toMatchObject({ name: 'Spare jig', name_at_company: null });
  });
});
