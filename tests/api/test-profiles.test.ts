import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FILE_LIMITS } from '../../server/files/limits';
import { openFileStore } from '../../server/files/open';
import { seedDemoProduction } from '../../server/seed/demo-production';
import { seedDemoTestFunctions } from '../../server/seed/demo-test-functions';
import { seedDemoTestProfiles } from '../../server/seed/demo-test-profiles';
import { createProduction, type Production } from './helpers/production';
import { createTestApp, type TestApp } from './helpers/test-app';
import { createTestFunction } from './helpers/test-functions';
import { addStep, addVariable, createProfile, readyDraft, testFileForm, uploadTestFile } from './helpers/test-profiles';

let t: TestApp;
let alpha: Production;
let beta: Production;

beforeAll(async () => {
  t = await createTestApp();
  alpha = await createProduction(t, 'alpha');
  beta = await createProduction(t, 'beta');
});
afterAll(() => t?.close());

const get = (url: string, as = 'alpha-admin') => t.call('GET', `/v1${url}`, { as });
const patch = (url: string, body: unknown, as = 'alpha-admin') => t.call('PATCH', `/v1${url}`, { as, body });
const post = (url: string, body?: unknown, as = 'alpha-admin') => t.call('POST', `/v1${url}`, { as, body });
const del = (url: string, as = 'alpha-admin') => t.call('DELETE', `/v1${url}`, { as });

describe('test profiles', () => {
  it('creates drafts, lists them paged, active first, searched', async () => {
    const res = await post(`/projects/${alpha.projectId}/testprofiles`, { name: '  EOL  ', version: '1.0', description: 'End of line' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ name: 'EOL', version: '1.0', status: 'draft', step_count: 0, report_count: 0, copied_from_id: null });
    const second = await readyDraft(t, alpha.projectId, 'EOL', '1.1');
    await createProfile(t, alpha.projectId, { name: 'Burn-in', version: '3' });
    expect((await post(`/testprofiles/${second}/active`)).statusCode).toBe(200);

    const list = await get(`/projects/${alpha.projectId}/testprofiles?limit=2`);
    expect(list.statusCode).toBe(200);
    expect(list.json().meta).toEqual({ page: 1, limit: 2, total: 3 });
    expect(list.json().data[0]).toMatchObject({ id: second, status: 'active', step_count: 1 });
    const searched = await get(`/projects/${alpha.projectId}/testprofiles?search=burn`);
    expect(searched.json().data.map((p: { name: string }) => p.name)).toEqual(['Burn-in']);
    const byName = await get(`/projects/${alpha.projectId}/testprofiles?sortby=name&sortdesc=false&status=draft`);
    expect(byName.json().data.map((p: { name: string }) => p.name)).toEqual(['Burn-in', 'EOL']);
    expect((await get(`/projects/${alpha.projectId}/testprofiles?sortby=colour`)).statusCode).toBe(422);
  });

  it('refuses a name and version the project has, and missing fields, on their fields', async () => {
    await createProfile(t, alpha.projectId, { name: 'Dup', version: '1' });
    const dup = await post(`/projects/${alpha.projectId}/testprofiles`, { name: 'Dup', version: '1' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ version: ['This project has a test profile of this name and version already.'] });
    const empty = await post(`/projects/${alpha.projectId}/testprofiles`, {});
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors)).toEqual(['version']);
    const unnamed = await post(`/projects/${alpha.projectId}/testprofiles`, { version: '1' });
    expect(unnamed.json().errors).toEqual({ name: ['Name is required.'] });
    // Another project may use the same name and version.
    expect((await post(`/projects/${beta.projectId}/testprofiles`, { name: 'Dup', version: '1' }, 'beta-admin')).statusCode).toBe(201);
    // An operator reads but does not create.
    expect((await post(`/projects/${alpha.projectId}/testprofiles`, { name: 'Op', version: '1' }, 'alpha-operator')).statusCode).toBe(403);
  });

  it('keeps steps in order: insert at a place, move, delete', async () => {
    const id = await createProfile(t, alpha.projectId, { name: 'Order', version: '1' });
    const a = await addStep(t, id, { name: 'A' });
    const b = await addStep(t, id, { name: 'B' });
    const c = await addStep(t, id, { name: 'C', position: 1 });
    const names = async () => (await get(`/testprofiles/${id}/testconfigurations`)).json().data.map((s: { name: string; position: number }) => `${s.position}${s.name}`);
    expect(await names()).toEqual(['1C', '2A', '3B']);
    expect((await patch(`/testconfigurations/${c}`, { position: 3 })).statusCode).toBe(200);
    expect(await names()).toEqual(['1A', '2B', '3C']);
    expect((await patch(`/testconfigurations/${b}`, { position: 1 })).statusCode).toBe(200);
    expect(await names()).toEqual(['1B', '2A', '3C']);
    expect((await del(`/testconfigurations/${a}`)).statusCode).toBe(204);
    expect(await names()).toEqual(['1B', '2C']);
  });

  it('checks a step: limits, function, parameters', async () => {
    const id = await createProfile(t, alpha.projectId, { name: 'Checks', version: '1' });
    const fn = await createTestFunction(t, { parameters: [{ name: 'Channel', unit: '', default_low: null, default_high: null }] });
    const made = await post(`/testprofiles/${id}/testconfigurations`, {
      name: '3V3 rail',
      test_function_id: fn,
      parameters: [{ name: 'Channel', value: 'AIN0' }],
      low: 3.2,
      high: 3.4,
      unit: 'V',
    });
    expect(made.statusCode).toBe(201);
    expect(made.json().data).toMatchObject({ position: 1, test_function: { id: fn }, parameters: [{ name: 'Channel', value: 'AIN0' }], low: 3.2, high: 3.4, unit: 'V' });
    const step = made.json().data.id;
    const wrong = await post(`/testprofiles/${id}/testconfigurations`, { name: 'x', low: 2, high: 1, test_function_id: 999999 });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ high: ['High must not be below low.'] });
    const unknown = await post(`/testprofiles/${id}/testconfigurations`, { name: 'x', test_function_id: 999999 });
    expect(unknown.json().errors).toEqual({ test_function_id: ['There is no test function with id 999999.'] });
    // One limit alone must fit the other's stored value.
    const half = await patch(`/testconfigurations/${step}`, { low: 3.5 });
    expect(half.statusCode).toBe(422);
    expect(half.json().errors).toEqual({ high: ['High must not be below low.'] });

    const functions = await get(`/projects/${alpha.projectId}/testfunctions?search=Helper`, 'alpha-operator');
    expect(functions.statusCode).toBe(200);
    expect(functions.json().data.find((f: { id: number }) => f.id === fn)).toMatchObject({ step_count: 1, parameters: [{ name: 'Channel' }] });
    const other = await get(`/projects/${beta.projectId}/testfunctions?search=Helper`, 'beta-admin');
    expect(other.json().data.find((f: { id: number }) => f.id === fn)).toMatchObject({ step_count: 0 });

    // A function that steps call is not deleted from the catalogue.
    const refusedDelete = await t.call('DELETE', `/v1/testfunctions/${fn}`, { as: 'root' });
    expect(refusedDelete.statusCode).toBe(409);
    expect(refusedDelete.json().message).toMatch(/^Test function “Helper function .*” is called by 1 test profile step; change or delete those steps first\.$/);
    expect((await del(`/testconfigurations/${step}`)).statusCode).toBe(204);
    expect((await t.call('DELETE', `/v1/testfunctions/${fn}`, { as: 'root' })).statusCode).toBe(204);
  });

  it('activates one profile at a time; active and archived are read-only', async () => {
    const empty = await createProfile(t, alpha.projectId, { name: 'Empty', version: '1' });
    const refused = await post(`/testprofiles/${empty}/active`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/has no steps/);

    const first = await readyDraft(t, alpha.projectId, 'Line', '1');
    const step = (await get(`/testprofiles/${first}/testconfigurations`)).json().data[0].id;
    const variable = await addVariable(t, first, { name: 'retries', type: 'int', value: 2 });
    const file = await uploadTestFile(t, first);
    expect((await post(`/testprofiles/${first}/active`)).json().data).toMatchObject({ status: 'active', activated_at: expect.any(String) });
    // Again: no change.
    expect((await post(`/testprofiles/${first}/active`)).statusCode).toBe(200);

    const message = 'Test profile “Line” 1 is active, so it is read-only: make a new version to change it.';
    for (const res of [
      await patch(`/testprofiles/${first}`, { description: 'x' }),
      await post(`/testprofiles/${first}/testconfigurations`, { name: 'more' }),
      await patch(`/testconfigurations/${step}`, { unit: 'mV' }),
      await del(`/testconfigurations/${step}`),
      await post(`/testprofiles/${first}/testvariables`, { name: 'x', type: 'bool', value: true }),
      await patch(`/testvariables/${variable}`, { value: 3 }),
      await del(`/testvariables/${variable}`),
      await post(`/testprofiles/${first}/testfiles`, testFileForm()),
      await del(`/testfiles/${file}`),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(message);
    }

    const second = await readyDraft(t, alpha.projectId, 'Line', '2');
    expect((await post(`/testprofiles/${second}/active`)).statusCode).toBe(200);
    expect((await get(`/testprofiles/${first}`)).json().data.status).toBe('archived');
    const again = await post(`/testprofiles/${first}/active`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/archived: make a new version/);
    // Archiving the active one leaves the project without one.
    expect((await patch(`/testprofiles/${second}`, { status: 'archived' })).json().data.status).toBe('archived');
    expect((await patch(`/testprofiles/${second}`, { status: 'archived' })).statusCode).toBe(409);
    expect((await patch(`/testprofiles/${second}`, { status: 'active' })).statusCode).toBe(422);
  });

  it('makes a new version: a draft with the steps, variables and files, the bytes shared', async () => {
    const original = await readyDraft(t, alpha.projectId, 'Versioned', '1');
    await addVariable(t, original, { name: 'mode', type: 'enum', value: 'fast', choices: ['fast', 'slow'] });
    const fileId = await uploadTestFile(t, original, testFileForm('bytes of v1', 'setup.txt'));
    await post(`/testprofiles/${original}/active`);

    const copy = await post(`/projects/${alpha.projectId}/testprofiles`, { copy_of: original, version: '2' });
    expect(copy.statusCode).toBe(201);
    const v2 = copy.json().data;
    expect(v2).toMatchObject({ name: 'Versioned', version: '2', status: 'draft', copied_from_id: original, step_count: 1 });
    expect((await get(`/testprofiles/${v2.id}/testvariables`)).json().data).toMatchObject([{ name: 'mode', value: 'fast', choices: ['fast', 'slow'] }]);
    const copiedFiles = (await get(`/testprofiles/${v2.id}/testfiles`)).json().data;
    expect(copiedFiles).toMatchObject([{ name: 'setup.txt', size: 11 }]);
    const download = await get(`/testfiles/${copiedFiles[0].id}`);
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('bytes of v1');
    expect(download.headers['content-disposition']).toMatch(/setup\.txt/);

    // Deleting the copy's file leaves the original's bytes.
    const before = Number((await t.db.selectFrom('files').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect((await del(`/testfiles/${copiedFiles[0].id}`)).statusCode).toBe(204);
    expect((await get(`/testfiles/${fileId}`)).body).toBe('bytes of v1');
    const after = Number((await t.db.selectFrom('files').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(after).toBe(before);
    // A draft's own file goes with its bytes.
    const own = await uploadTestFile(t, v2.id, testFileForm('v2 only', 'own.txt'));
    expect((await del(`/testfiles/${own}`)).statusCode).toBe(204);
    const last = Number((await t.db.selectFrom('files').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(last).toBe(before);

    const taken = await post(`/projects/${alpha.projectId}/testprofiles`, { copy_of: original, version: '1' });
    expect(taken.json().errors).toEqual({ version: ['This project has a test profile of this name and version already.'] });
    const foreign = await post(`/projects/${beta.projectId}/testprofiles`, { copy_of: original, version: '9' }, 'beta-admin');
    expect(foreign.statusCode).toBe(422);
    expect(Object.keys(foreign.json().errors)).toEqual(['copy_of']);
  });

  it('checks variable values against their types', async () => {
    const id = await createProfile(t, alpha.projectId, { name: 'Vars', version: '1' });
    const types = await get('/testvariabletypes', 'alpha-viewer');
    expect(types.json().data.map((ty: { slug: string }) => ty.slug)).toEqual(['int', 'float', 'string', 'bool', 'enum']);
    const refusals: [unknown, string, string][] = [
      [{ name: 'n', type: 'int', value: 1.5 }, 'value', 'A whole-number variable takes a whole number.'],
      [{ name: 'n', type: 'int', value: '3' }, 'value', 'A whole-number variable takes a whole number.'],
      [{ name: 'f', type: 'float', value: 'fast' }, 'value', 'A number variable takes a number.'],
      [{ name: 'b', type: 'bool', value: 'yes' }, 'value', 'A yes-or-no variable takes true or false.'],
      [{ name: 's', type: 'string', value: 3 }, 'value', 'A text variable takes text.'],
      [{ name: 'e', type: 'enum', value: 'medium', choices: ['fast', 'slow'] }, 'value', 'The value must be one of its choices: fast, slow.'],
      [{ name: 'e', type: 'enum', value: 'x', choices: [] }, 'choices', 'An enum variable needs at least one choice.'],
      [{ name: '9lives', type: 'int', value: 9 }, 'name', 'A variable name starts with a letter or _ and holds letters, digits, _ . and -.'],
    ];
    for (const [body, field, message] of refusals) {
      const res = await post(`/testprofiles/${id}/testvariables`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
    }
    const made = await Promise.all([
      post(`/testprofiles/${id}/testvariables`, { name: 'n', type: 'int', value: 3 }),
      post(`/testprofiles/${id}/testvariables`, { name: 'f', type: 'float', value: 0.25 }),
      post(`/testprofiles/${id}/testvariables`, { name: 'b', type: 'bool', value: false }),
      post(`/testprofiles/${id}/testvariables`, { name: 's', type: 'string', value: 'hello' }),
      post(`/testprofiles/${id}/testvariables`, { name: 'e', type: 'enum', value: 'slow', choices: ['fast', 'slow'] }),
    ]);
    expect(made.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const listed = (await get(`/testprofiles/${id}/testvariables`)).json().data;
    expect(Object.fromEntries(listed.map((v: { name: string; value: unknown }) => [v.name, v.value]))).toEqual({ b: false, e: 'slow', f: 0.25, n: 3, s: 'hello' });
    expect((await post(`/testprofiles/${id}/testvariables`, { name: 'n', type: 'int', value: 1 })).json().errors).toEqual({
      name: ['This profile has a variable of this name already.'],
    });

    const n = made[0].json().data.id;
    // A type change is checked against the value the variable keeps.
    const toBool = await patch(`/testvariables/${n}`, { type: 'bool' });
    expect(toBool.statusCode).toBe(422);
    expect(toBool.json().errors).toEqual({ value: ['A yes-or-no variable takes true or false.'] });
    const toEnum = await patch(`/testvariables/${n}`, { type: 'enum', value: 'b', choices: ['a', 'b'] });
    expect(toEnum.json().data).toMatchObject({ type: 'enum', value: 'b', choices: ['a', 'b'] });
    expect((await patch(`/testvariables/${n}`, { value: 'c' })).json().errors).toEqual({ value: ['The value must be one of its choices: a, b.'] });
    const back = await patch(`/testvariables/${n}`, { type: 'int', value: 7 });
    expect(back.json().data).toMatchObject({ type: 'int', value: 7, choices: [] });
  });

  it("answers 404 for another company's profile and its rows", async () => {
    const id = await readyDraft(t, alpha.projectId, 'Secret', '1');
    const step = (await get(`/testprofiles/${id}/testconfigurations`)).json().data[0].id;
    const file = await uploadTestFile(t, id);
    const variable = await addVariable(t, id, { name: 'x', type: 'bool', value: true });
    for (const res of [
      await get(`/testprofiles/${id}`, 'beta-admin'),
      await get(`/testprofiles/${id}/testconfigurations`, 'beta-admin'),
      await get(`/testconfigurations/${step}`, 'beta-admin'),
      await patch(`/testconfigurations/${step}`, { unit: 'V' }, 'beta-admin'),
      await get(`/testfiles/${file}`, 'beta-admin'),
      await del(`/testfiles/${file}`, 'beta-admin'),
      await patch(`/testvariables/${variable}`, { value: false }, 'beta-admin'),
      await post(`/testprofiles/${id}/active`, undefined, 'beta-admin'),
      await get(`/testprofiles/${id}/statistics`, 'beta-admin'),
      await get(`/projects/${alpha.projectId}/testprofiles`, 'beta-admin'),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    expect((await get(`/testprofiles/${id}`)).json().data.status).toBe('draft');
  });
});

describe('reports and step statistics', () => {
  it('points reports at the version they ran and computes Cpk as by hand', async () => {
    const production = await createProduction(t, 'alpha');
    // Reports of a version that is not entered yet: linked when it is.
    const steps = (value: number, current: number) => [
      { name: '3V3 rail', value, unit: 'V', low: 3.0, high: 3.6, pass: true },
      { name: 'flash', pass: true },
      { name: 'current', value: current, unit: 'A', low: 0, high: 0.5, pass: current <= 0.5 },
    ];
    const values = [3.28, 3.3, 3.31, 3.29, 3.32];
    for (const [i, v] of values.entries()) {
      const res = await production.report({
        serial: `CPK-${i}`,
        test_profile: 'EOL',
        test_profile_version: '7',
        finished_at: new Date(Date.now() - (10 - i) * 60_000).toISOString(),
        steps: steps(v, i === 4 ? 0.9 : 0.2),
        result: i === 4 ? 'fail' : 'pass',
      });
      expect(res.statusCode).toBe(201);
    }
    const id = await createProfile(t, production.projectId, { name: 'EOL', version: '7' });
    await addStep(t, id, { name: '3V3 rail', low: 3.2, high: 3.4, unit: 'V' });
    // A later report is linked at ingestion, and says which version it ran.
    const late = await production.report({ serial: 'CPK-late', test_profile: 'EOL', test_profile_version: '7', steps: [{ name: 'flash', pass: true }] });
    const detail = await get(`/devicereports/${late.json().data.report_id}`, 'alpha-viewer');
    expect(detail.json().data).toMatchObject({ test_profile: 'EOL', test_profile_version: '7', test_profile_id: id });
    const other = await production.report({ serial: 'CPK-other', test_profile: 'EOL', test_profile_version: '8', steps: steps(3.3, 0.1) });
    expect(other.statusCode).toBe(201);

    const profile = (await get(`/testprofiles/${id}`)).json().data;
    expect(profile.report_count).toBe(6);
    const stats = await get(`/testprofiles/${id}/statistics`, 'alpha-viewer');
    expect(stats.statusCode).toBe(200);
    expect(stats.json().meta).toMatchObject({ runs: 6, versions: ['7'], batch: null, jig: null, from: null, to: null });
    const byName = Object.fromEntries(stats.json().data.map((s: { name: string }) => [s.name, s]));
    // Hand computation (contract/process-capability.test.ts): mean 3.30, s = 0.0158114,
    // limits from the profile 3.2 / 3.4 → Ppk = 0.10 / 0.0474342 = 2.1082 (Cpk too while the runs share a day).
    expect(byName['3V3 rail']).toMatchObject({ count: 5, passed: 5, measured: 5, limits_from: 'profile', low: 3.2, high: 3.4, position: 1, min: 3.28, max: 3.32 });
    expect(byName['3V3 rail'].all.mean).toBeCloseTo(3.3, 10);
    expect(byName['3V3 rail'].all.sd_overall).toBeCloseTo(0.0158114, 6);
    expect(byName['3V3 rail'].all.ppk).toBeCloseTo(2.1082, 4);
    // From the reports' limits: current 0.2 ×4, 0.9 → mean 0.34, s = 0.313050; min(0.16, 0.34)/(3s) = 0.1704.
    expect(byName.current).toMatchObject({ count: 5, passed: 4, pass_rate: 0.8, limits_from: 'reports', low: 0, high: 0.5, unit: 'A', position: null });
    expect(byName.current.all.ppk).toBeCloseTo(0.1704, 4);
    expect(byName.current.all.level).toBe('alarm');
    // Without the failing run: four values of 0.2, no spread, no figure.
    expect(byName.current.passing).toMatchObject({ n: 4, mean: 0.2, cpk: null, ppk: null });
    expect(byName.flash).toMatchObject({ count: 6, measured: 0 });
    expect(byName.flash.all).toMatchObject({ n: 0, cpk: null, mean: null, level: null });
    // Worst first.
    expect(stats.json().data.map((s: { name: string }) => s.name)).toEqual(['current', '3V3 rail', 'flash']);

    const chart = await get(`/testprofiles/${id}/runchart?step=${encodeURIComponent('3V3 rail')}&limit=3`);
    expect(chart.statusCode).toBe(200);
    expect(chart.json().data).toMatchObject({ step: '3V3 rail', unit: 'V', low: 3.2, high: 3.4 });
    expect(chart.json().data.points.map((p: { value: number }) => p.value)).toEqual([3.31, 3.29, 3.32]);
    expect((await get(`/testprofiles/${id}/runchart`)).statusCode).toBe(422);

    // Renaming the draft lets go of its reports.
    await patch(`/testprofiles/${id}`, { version: '8' });
    expect((await get(`/testprofiles/${id}`)).json().data.report_count).toBe(1);
  });
});

describe('activation under concurrency', () => {
  it('leaves exactly one active profile when two are activated at once', async () => {
    const production = await createProduction(t, 'alpha');
    for (let round = 0; round < 20; round++) {
      const a = await readyDraft(t, production.projectId, 'Race', `${round}a`);
      const b = await readyDraft(t, production.projectId, 'Race', `${round}b`);
      const [ra, rb] = await Promise.all([post(`/testprofiles/${a}/active`), post(`/testprofiles/${b}/active`, undefined, 'alpha-engineer')]);
      expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
      const active = await t.db.selectFrom('test_profiles').select('id').where('project_id', '=', production.projectId).where('status', '=', 'active').execute();
      expect(active).toHaveLength(1);
      expect([a, b]).toContain(active[0].id);
    }
  });

  it('has the database refuse a second active profile of a project, whoever writes it', async () => {
    const production = await createProduction(t, 'alpha');
    const a = await readyDraft(t, production.projectId, 'Backstop', '1');
    const b = await readyDraft(t, production.projectId, 'Backstop', '2');
    await post(`/testprofiles/${a}/active`);
    await expect(t.db.updateTable('test_profiles').set({ status: 'active' }).where('id', '=', b).execute()).rejects.toThrow(/unique|UNIQUE/);
  });
});

describe('test file uploads', () => {
  it('refuses a file over the limit (413) or of a type not accepted (415), leaving nothing behind', async () => {
    const small = await createTestApp({ fileLimits: { ...DEFAULT_FILE_LIMITS, testfile: 1024 } });
    try {
      const production = await createProduction(small, 'alpha');
      const id = await createProfile(small, production.projectId, { name: 'Upload', version: '1' });
      const files = async () => Number((await small.db.selectFrom('files').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      const before = await files();
      const big = await small.call('POST', `/v1/testprofiles/${id}/testfiles`, { as: 'alpha-engineer', body: testFileForm('x'.repeat(2048)) });
      expect(big.statusCode).toBe(413);
      expect(big.json().errors).toEqual({ testfile: ['The file is larger than 1 KB.'] });
      const image = await small.call('POST', `/v1/testprofiles/${id}/testfiles`, { as: 'alpha-engineer', body: testFileForm('png', 'photo.png', 'image/png') });
      expect(image.statusCode).toBe(415);
      const none = await small.call('POST', `/v1/testprofiles/${id}/testfiles`, { as: 'alpha-engineer', body: new FormData() });
      expect(none.statusCode).toBe(422);
      expect(none.json().errors).toEqual({ testfile: ['Choose a file.'] });
      expect(await files()).toBe(before);
      expect((await small.call('GET', `/v1/testprofiles/${id}/testfiles`, { as: 'alpha-viewer' })).json().data).toEqual([]);
    } finally {
      await small.close();
    }
  });
});

describe('demo test profiles', () => {
  it('match the demo reports: per project one active (with its reports), one archived, one draft', async () => {
    const demo = await createTestApp();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'jigboard-demo-profiles-'));
    try {
      await seedDemoProduction(demo.db, { customer: demo.companyIds.alpha, manufacturer: demo.companyIds.beta }, { scale: 0.1 });
      await seedDemoTestFunctions(demo.db);
      const files = await openFileStore(demo.db, dataDir);
      expect(await seedDemoTestProfiles(demo.db, files, null)).toBe(6);
      const profiles = await demo.db.selectFrom('test_profiles').select(['id', 'name', 'version', 'status']).orderBy('id').execute();
      expect(profiles.map((p) => `${p.name} ${p.version} ${p.status}`)).toEqual([
        'MC-200 EOL 1.3 archived',
        'MC-200 EOL 1.4 active',
        'MC-200 EOL 1.5 draft',
        'SH-10 functional 2.0 archived',
        'SH-10 functional 2.1 active',
        'SH-10 functional 2.2 draft',
      ]);
      for (const active of profiles.filter((p) => p.status === 'active')) {
        const stats = (await demo.call('GET', `/v1/testprofiles/${active.id}/statistics`, { as: 'alpha-viewer' })).json();
        expect(stats.meta.runs).toBeGreaterThan(50);
        // Every measured step with a tolerance has a Cpk, and the steps' limits are the profile's.
        for (const step of stats.data.filter((s: { measured: number; low: number | null; high: number | null }) => s.measured > 1 && s.low !== s.high && s.low !== null)) {
          expect(step.all.cpk, step.name).not.toBeNull();
          expect(step.limits_from).toBe('profile');
        }
      }
      const unlinked = await demo.db.selectFrom('device_reports').select('id').where('test_profile_id', 'is', null).executeTakeFirst();
      expect(unlinked).toBeUndefined();
      const file = await demo.call('GET', `/v1/testprofiles/${profiles[1].id}/testfiles`, { as: 'alpha-viewer' });
      expect(file.json().data).toMatchObject([{ name: 'mc200-eol-setup.json' }]);
    } finally {
      await demo.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
