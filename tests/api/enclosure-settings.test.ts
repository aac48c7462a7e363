import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationTableSchema } from '../../server/db/dialect';
import { migrateToLatest } from '../../server/db/migrate';
import { loadMigrations } from '../../server/db/migrations/index';
import { REPORT_DAYS } from '../../contract/enclosure-settings';
import { ensureEnclosureSetting } from '../../server/store/enclosure-settings';
import { reportDays } from '../../server/services/enclosure-settings';
import { createJig, createProduction, type Production } from './helpers/production';
import { createTestApp, openTestDatabase, type TestApp } from './helpers/test-app';

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;

describe('enclosure settings: a company’s jigs', () => {
  let t: TestApp;
  let alpha: Production;
  let beta: Production;
  /** Alpha's setting of its production jig. */
  let settingId: number;

  const settingOf = async (enclosureId: number, companyId: number) =>
    (
      await t.db
        .selectFrom('enclosure_settings')
        .where('enclosure_id', '=', enclosureId)
        .where('company_id', '=', companyId)
        .select('id')
        .executeTakeFirst()
    )?.id;
  const seen = (enclosureId: number, msAgo: number | null) =>
    t.db
      .updateTable('enclosures')
      .set({ last_seen_at: msAgo === null ? null : new Date(Date.now() - msAgo).toISOString() })
      .where('id', '=', enclosureId)
      .execute();
  const list = (as: string, companyId: number, query = '') => t.call('GET', `/v1/companies/${companyId}/enclosuresettings${query}`, { as });
  const patch = (as: string, id: number, body: unknown) => t.call('PATCH', `/v1/enclosuresettings/${id}`, { as, body });

  beforeAll(async () => {
    t = await createTestApp();
    alpha = await createProduction(t, 'alpha', { project: 'Alpha motor' });
    beta = await createProduction(t, 'beta', { project: 'Beta sensor' });
    settingId = (await settingOf(alpha.jig.id, t.companyIds.alpha))!;
  });
  afterAll(() => t?.close());

  it('makes one setting per jig that has a company, named as the jig is registered', async () => {
    expect(settingId).toBeGreaterThan(0);
    const res = await t.call('GET', `/v1/enclosuresettings/${settingId}`, { as: 'alpha-viewer' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ enclosure_id: alpha.jig.id, company_id: t.companyIds.alpha, name: alpha.jig.name, serial: alpha.jig.serial, location: '', project: null });
    expect(data.reports_per_day).toHaveLength(REPORT_DAYS);
    const spare = await createJig(t, null);
    expect(await settingOf(spare.id, t.companyIds.alpha)).toBeUndefined();
  });

  it("answers 404 for another company's jigs, and lists only the company's own", async () => {
    expect((await t.call('GET', `/v1/enclosuresettings/${settingId}`, { as: 'beta-admin' })).statusCode).toBe(404);
    expect((await patch('beta-admin', settingId, { location: 'Nope' })).statusCode).toBe(404);
    expect((await patch('beta-operator', settingId, { location: 'Nope' })).statusCode).toBe(404);
    expect((await list('beta-admin', t.companyIds.alpha)).statusCode).toBe(404);
    const own = await list('beta-viewer', t.companyIds.beta);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.map((s: { serial: string }) => s.serial)).toEqual([beta.jig.serial]);
    // A superadmin names the company.
    const root = await list('root', t.companyIds.alpha);
    expect(root.json().data.map((s: { serial: string }) => s.serial)).toContain(alpha.jig.serial);
  });

  it('lets admins and engineers change name, location and project; operators and viewers get 403', async () => {
    for (const who of ['alpha-operator', 'alpha-viewer']) {
      const res = await patch(who, settingId, { location: 'Hall 1' });
      expect(res.statusCode, who).toBe(403);
    }
    const res = await patch('alpha-engineer', settingId, { name: 'Line jig A', location: '  Hall 2, bay 4 ', project_id: alpha.projectId });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Line jig A', location: 'Hall 2, bay 4', project: { id: alpha.projectId, name: 'Alpha motor' } });
    const cleared = await patch('alpha-admin', settingId, { project_id: null });
    expect(cleared.json().data).toMatchObject({ name: 'Line jig A', project: null });
    expect((await patch('root', settingId, { project_id: alpha.projectId })).statusCode).toBe(200);
  });

  it('refuses bad fields with 422 and field errors, storing nothing', async () => {
    const cases: [unknown, string][] = [
      [{ name: '  ' }, 'name'],
      [{ name: 'x'.repeat(121) }, 'name'],
      [{ location: 'x'.repeat(201) }, 'location'],
      [{ location: 5 }, 'location'],
      [{ project_id: '3' }, 'project_id'],
      [{ project_id: 0 }, 'project_id'],
      [{ project_id: 2 ** 31 }, 'project_id'],
      [{ project_id: beta.projectId }, 'project_id'],
      [{ project_id: 999_999 }, 'project_id'],
    ];
    for (const [body, field] of cases) {
      const res = await patch('alpha-admin', settingId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors), JSON.stringify(body)).toEqual([field]);
    }
    const after = await t.call('GET', `/v1/enclosuresettings/${settingId}`, { as: 'alpha-admin' });
    expect(after.json().data.project).toEqual({ id: alpha.projectId, name: 'Alpha motor' });
  });

  it('says online when the jig was seen in the last 15 minutes, and filters by it', async () => {
    const other = await createJig(t, t.companyIds.alpha, { name: 'Offline bench' });
    const never = await createJig(t, t.companyIds.alpha, { name: 'Never seen' });
    await seen(alpha.jig.id, 14 * MINUTE);
    await seen(other.id, 16 * MINUTE);
    await seen(never.id, null);
    const all = (await list('alpha-operator', t.companyIds.alpha, '?limit=200')).json().data as { serial: string; online: boolean; last_seen_at: string | null }[];
    const bySerial = new Map(all.map((s) => [s.serial, s]));
    expect(bySerial.get(alpha.jig.serial)).toMatchObject({ online: true });
    expect(bySerial.get(alpha.jig.serial)!.last_seen_at).not.toBeNull();
    expect(bySerial.get(other.serial)).toMatchObject({ online: false });
    expect(bySerial.get(never.serial)).toMatchObject({ online: false, last_seen_at: null });
    const online = (await list('alpha-operator', t.companyIds.alpha, '?status=online')).json().data.map((s: { serial: string }) => s.serial);
    expect(online).toEqual([alpha.jig.serial]);
    const offline = (await list('alpha-operator', t.companyIds.alpha, '?status=offline&limit=200')).json().data.map((s: { serial: string }) => s.serial);
    expect(offline).toEqual(expect.arrayContaining([other.serial, never.serial]));
    expect(offline).not.toContain(alpha.jig.serial);
    expect((await list('alpha-operator', t.companyIds.alpha, '?status=maybe')).statusCode).toBe(422);
  });

  it('pages, sorts and searches over name, serial and location in the database', async () => {
    const first = await list('alpha-admin', t.companyIds.alpha, '?limit=1&sortby=name');
    expect(first.json().meta).toMatchObject({ page: 1, limit: 1 });
    expect(first.json().meta.total).toBeGreaterThanOrEqual(3);
    expect(first.json().data).toHaveLength(1);
    const byLocation = await list('alpha-admin', t.companyIds.alpha, `?search=${encodeURIComponent('hall 2')}`);
    expect(byLocation.json().data.map((s: { id: number }) => s.id)).toEqual([settingId]);
    const bySerial = await list('alpha-admin', t.companyIds.alpha, `?search=${alpha.jig.serial.slice(-5)}`);
    expect(bySerial.json().data.map((s: { id: number }) => s.id)).toEqual([settingId]);
    const names = (await list('alpha-admin', t.companyIds.alpha, '?sortby=name&sortdesc=true&limit=200')).json().data.map((s: { name: string }) => s.name.toLowerCase());
    expect(names).toEqual([...names].sort().reverse());
    for (const sortby of ['serial', 'location', 'project', 'firmware_version', 'last_seen_at', 'provisioning']) {
      expect((await list('alpha-admin', t.companyIds.alpha, `?sortby=${sortby}`)).statusCode, sortby).toBe(200);
    }
    expect((await list('alpha-admin', t.companyIds.alpha, '?sortby=secret')).statusCode).toBe(422);
    expect((await list('alpha-admin', t.companyIds.alpha, '?page=99')).statusCode).toBe(422);
  });

  it("counts the jig's reports per UTC day over the last 30 days, 0 on days without, nothing older", async () => {
    const now = Date.now();
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();
    const posted: [number, number][] = [[0, 2], [3, 1], [29, 3], [31, 4]];
    let n = 0;
    for (const [daysAgo, count] of posted) {
      for (let i = 0; i < count; i++) {
        const res = await alpha.report({ serial: `ES-${++n}`, finished_at: at(daysAgo), started_at: at(daysAgo) });
        expect(res.statusCode, res.body).toBe(201);
      }
    }
    const data = (await t.call('GET', `/v1/enclosuresettings/${settingId}`, { as: 'alpha-viewer' })).json().data;
    const days = reportDays(now);
    expect(data.reports_per_day.map((d: { date: string }) => d.date)).toEqual(days);
    const expected = new Map([
      [at(0).slice(0, 10), 2],
      [at(3).slice(0, 10), 1],
      [at(29).slice(0, 10), 3],
    ]);
    for (const d of data.reports_per_day as { date: string; reports: number }[]) {
      expect(d.reports, d.date).toBe(expected.get(d.date) ?? 0);
    }
    expect(data.reports_total).toBe(6);
    // A report just now makes the jig online.
    expect(data.online).toBe(true);
    // The list carries the same series.
    const row = (await list('alpha-viewer', t.companyIds.alpha, `?search=${alpha.jig.serial}`)).json().data[0];
    expect(row.reports_per_day).toEqual(data.reports_per_day);
  });

  it('gives 30 UTC days ending today, across a month end', () => {
    const days = reportDays(Date.parse('2026-03-02T23:59:00Z'));
    expect(days).toHaveLength(30);
    expect(days[0]).toBe('2026-02-01');
    expect(days.at(-1)).toBe('2026-03-02');
  });

  it('keeps a jig’s settings with its company: moved away it is gone there, moved back its settings return', async () => {
    const jig = await createJig(t, t.companyIds.alpha, { name: 'Travelling jig' });
    const alphaSetting = (await settingOf(jig.id, t.companyIds.alpha))!;
    expect((await patch('alpha-admin', alphaSetting, { location: 'Shelf 3' })).statusCode).toBe(200);
    const move = (company_id: number) => t.call('POST', `/v1/enclosures/${jig.id}`, { as: 'root', body: { company_id } });
    expect((await move(t.companyIds.beta)).statusCode).toBe(200);
    expect((await t.call('GET', `/v1/enclosuresettings/${alphaSetting}`, { as: 'alpha-admin' })).statusCode).toBe(404);
    const betaSetting = (await settingOf(jig.id, t.companyIds.beta))!;
    const atBeta = await t.call('GET', `/v1/enclosuresettings/${betaSetting}`, { as: 'beta-viewer' });
    expect(atBeta.json().data).toMatchObject({ name: 'Travelling jig', location: '' });
    expect((await move(t.companyIds.alpha)).statusCode).toBe(200);
    const back = await t.call('GET', `/v1/enclosuresettings/${alphaSetting}`, { as: 'alpha-admin' });
    expect(back.json().data).toMatchObject({ location: 'Shelf 3' });
    expect((await t.call('GET', `/v1/enclosuresettings/${betaSetting}`, { as: 'beta-admin' })).statusCode).toBe(404);
  });

  it('makes one row however many callers assign the company at once', async () => {
    const jig = await createJig(t, null);
    await t.db.updateTable('enclosures').set({ company_id: t.companyIds.beta }).where('id', '=', jig.id).execute();
    await Promise.all(Array.from({ length: 6 }, () => ensureEnclosureSetting(t.db, jig.id)));
    const rows = await t.db.selectFrom('enclosure_settings').where('enclosure_id', '=', jig.id).select('id').execute();
    expect(rows).toHaveLength(1);
  });
});

describe('migration 011', () => {
  it('gives every enclosure that has a company its settings row, named as the jig, and none to the others', async () => {
    const { db, dispose } = await openTestDatabase();
    try {
      const all = await loadMigrations();
      const before = Object.fromEntries(Object.entries(all).filter(([name]) => name < '011'));
      const migrator = new Migrator({ db, provider: { getMigrations: async () => before }, migrationTableSchema: await migrationTableSchema(db) });
      const { error } = await migrator.migrateToLatest();
      if (error) throw error;
      const now = new Date().toISOString();
      const type = await db.selectFrom('company_types').select('id').executeTakeFirstOrThrow();
      const company = await db.insertInto('companies').values({ name: 'Old Co', type_id: type.id, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
      const jig = (serial: string, company_id: number | null) => ({
        serial, name: `Jig ${serial}`, company_id, provisioning: 'provisioned', signature_hash: `hash-${serial}`, created_at: now, updated_at: now,
      });
      await db.insertInto('enclosures').values([jig('OLD-1', company.id), jig('OLD-2', null), jig('OLD-3', company.id)]).execute();

      await migrateToLatest(db);
      const rows = await db
        .selectFrom('enclosure_settings')
        .innerJoin('enclosures', 'enclosures.id', 'enclosure_settings.enclosure_id')
        .select(['enclosures.serial', 'enclosure_settings.company_id', 'enclosure_settings.name', 'enclosure_settings.location', 'enclosure_settings.project_id'])
        .orderBy('enclosures.serial')
        .execute();
      expect(rows).toEqual([
        { serial: 'OLD-1', company_id: company.id, name: 'Jig OLD-1', location: '', project_id: null },
        { serial: 'OLD-3', company_id: company.id, name: 'Jig OLD-3', location: '', project_id: null },
      ]);
    } finally {
      await dispose();
    }
  });
});
