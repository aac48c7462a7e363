import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduction, testBoards, type Production } from './helpers/production';
import { addCode, completeForm, sendToRepair } from './helpers/repairs';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let alpha: Production;

beforeAll(async () => {
  t = await createTestApp();
  alpha = await createProduction(t, 'alpha');
});
afterAll(() => t?.close());

const post = (body: unknown, as = 'alpha-admin', query = '') => t.call('POST', `/v1/failure-codes${query}`, { as, body });
const list = async (as = 'alpha-viewer', query = '') => {
  const res = await t.call('GET', `/v1/failure-codes${query}`, { as });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { code: string }[]).map((c) => c.code);
};

describe('failure codes', () => {
  it('are added by admins, listed by code to the company, and kept apart per company', async () => {
    const created = await post({ code: 'SOLDER-BRIDGE', description: 'Solder bridge between pins' });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toEqual({ id: expect.any(Number), code: 'SOLDER-BRIDGE', description: 'Solder bridge between pins', archived: false, repair_count: 0 });
    expect((await post({ code: 'cold-joint', description: 'Cold joint' })).statusCode).toBe(201);
    expect((await post({ code: 'BETA-ONLY', description: 'Theirs' }, 'beta-admin')).statusCode).toBe(201);

    expect(await list('alpha-operator')).toEqual(['cold-joint', 'SOLDER-BRIDGE']);
    expect(await list('beta-viewer')).toEqual(['BETA-ONLY']);
    // A superadmin names the company; a company's people name only their own.
    expect(await list('root', `?company_id=${t.companyIds.alpha}`)).toEqual(['cold-joint', 'SOLDER-BRIDGE']);
    expect((await t.call('GET', `/v1/failure-codes?company_id=${t.companyIds.beta}`, { as: 'alpha-admin' })).statusCode).toBe(403);
    expect((await t.call('GET', '/v1/failure-codes?company_id=999999', { as: 'root' })).json().errors).toEqual({
      company_id: ['There is no company with id 999999.'],
    });
    const byRoot = await post({ code: 'ROOT-MADE', description: 'For Beta' }, 'root', `?company_id=${t.companyIds.beta}`);
    expect(byRoot.statusCode).toBe(201);
    expect(await list('beta-viewer')).toEqual(['BETA-ONLY', 'ROOT-MADE']);
  });

  it('refuses a code taken whatever its case, and bad text, on their fields', async () => {
    await post({ code: 'MISSING-PART', description: 'A part is missing' });
    const taken = await post({ code: 'missing-part', description: 'again' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ code: ['The code “missing-part” exists already (codes are the same whatever their case).'] });
    const bad = await post({ code: 'has space', description: '' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ code: ['A code is letters, digits and - _ . / without spaces.'], description: ['Description is required.'] });
    const id = (await post({ code: 'OTHER', description: 'x' })).json().data.id;
    const renamed = await t.call('PATCH', `/v1/failure-codes/${id}`, { as: 'alpha-admin', body: { code: 'Missing-Part' } });
    expect(renamed.statusCode).toBe(422);
    expect(Object.keys(renamed.json().errors)).toEqual(['code']);
    // Its own code in another case is no clash.
    expect((await t.call('PATCH', `/v1/failure-codes/${id}`, { as: 'alpha-admin', body: { code: 'other' } })).json().data.code).toBe('other');
  });

  it('is edited by admins only; another company’s code is a 404', async () => {
    const id = await addCode(t, t.companyIds.alpha, 'WRONG-PART');
    expect((await post({ code: 'BY-ENGINEER', description: 'x' }, 'alpha-engineer')).statusCode).toBe(403);
    expect((await t.call('PATCH', `/v1/failure-codes/${id}`, { as: 'alpha-engineer', body: { description: 'y' } })).statusCode).toBe(403);
    expect((await t.call('PATCH', `/v1/failure-codes/${id}`, { as: 'beta-admin', body: { description: 'y' } })).statusCode).toBe(404);
    expect((await t.call('GET', `/v1/failure-codes/${id}`, { as: 'beta-admin' })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/v1/failure-codes/${id}`, { as: 'beta-admin' })).statusCode).toBe(404);
    const changed = await t.call('PATCH', `/v1/failure-codes/${id}`, { as: 'alpha-admin', body: { description: 'The wrong part was fitted' } });
    expect(changed.json().data).toMatchObject({ code: 'WRONG-PART', description: 'The wrong part was fitted' });
  });

  it('deletes an unused code; a code repairs name is a 409 that says to archive it, and archived it leaves the list', async () => {
    const unused = await addCode(t, t.companyIds.alpha, 'UNUSED');
    const gone = await t.call('DELETE', `/v1/failure-codes/${unused}`, { as: 'alpha-admin' });
    expect(gone.statusCode).toBe(204);
    expect(gone.body).toBe('');
    expect((await t.call('GET', `/v1/failure-codes/${unused}`, { as: 'alpha-admin' })).statusCode).toBe(404);

    const used = await addCode(t, t.companyIds.alpha, 'TOMBSTONE');
    const ids = await testBoards(alpha, ['FC-1'], { result: 'fail' });
    const repair = await sendToRepair(t, ids['FC-1']!);
    const done = await t.call('POST', `/v1/repairs/${repair}/complete`, {
      as: 'alpha-operator',
      body: completeForm({ outcome: 'repaired', failure_code_id: used, action: 'Re-seated C4' }),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await t.call('GET', `/v1/failure-codes/${used}`, { as: 'alpha-viewer' })).json().data.repair_count).toBe(1);

    const refused = await t.call('DELETE', `/v1/failure-codes/${used}`, { as: 'alpha-admin' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Failure code “TOMBSTONE” is named by 1 repair; archive it instead, so those repairs keep their code.');

    expect((await t.call('PATCH', `/v1/failure-codes/${used}`, { as: 'alpha-admin', body: { archived: true } })).json().data.archived).toBe(true);
    expect(await list()).not.toContain('TOMBSTONE');
    expect(await list('alpha-viewer', '?archived=true')).toContain('TOMBSTONE');
    // The repair keeps its code.
    expect((await t.call('GET', `/v1/repairs/${repair}`, { as: 'alpha-viewer' })).json().data.failure_code).toMatchObject({ code: 'TOMBSTONE' });
  });

  it('settles a delete racing a repair that names the code: deleted and refused, or kept and named, never a 5xx', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await addCode(t, t.companyIds.alpha, `RACE-${round}`);
      const serial = `RACE-${round}`;
      const ids = await testBoards(alpha, [serial], { result: 'fail' });
      const repair = await sendToRepair(t, ids[serial]!);
      const [removed, completed] = await Promise.all([
        t.call('DELETE', `/v1/failure-codes/${id}`, { as: 'alpha-admin' }),
        t.call('POST', `/v1/repairs/${repair}/complete`, { as: 'alpha-operator', body: completeForm({ outcome: 'repaired', failure_code_id: id, action: 'Fixed' }) }),
      ]);
      const outcome = `${removed.statusCode}/${completed.statusCode}`;
      expect(['204/422', '409/200'], `${outcome} ${removed.body} ${completed.body}`).toContain(outcome);
      const code = await t.call('GET', `/v1/failure-codes/${id}`, { as: 'alpha-admin' });
      expect(code.statusCode).toBe(removed.statusCode === 204 ? 404 : 200);
    }
  });
});
