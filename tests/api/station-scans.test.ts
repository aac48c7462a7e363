import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduction, type Production } from './helpers/production';
import { createTestApp, type TestApp } from './helpers/test-app';
import { createProfile, readyDraft } from './helpers/test-profiles';

let t: TestApp;
let alpha: Production;

beforeAll(async () => {
  t = await createTestApp();
  alpha = await createProduction(t, 'alpha');
});
afterAll(() => t?.close());

const patch = (url: string, body: unknown, as = 'alpha-admin') => t.call('PATCH', `/v1${url}`, { as, body });
const post = (url: string, body?: unknown, as = 'alpha-admin') => t.call('POST', `/v1${url}`, { as, body });

describe('retest policy on a test profile', () => {
  it('is no limit by default, set and cleared on a draft and on the active profile, and kept by a new version', async () => {
    const profile = await readyDraft(t, alpha.projectId, 'Policy', '1');
    expect((await t.call('GET', `/v1/testprofiles/${profile}`, { as: 'alpha-viewer' })).json().data.attempt_limit).toBeNull();
    const set = await patch(`/testprofiles/${profile}`, { attempt_limit: 3 });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.attempt_limit).toBe(3);
    expect((await post(`/testprofiles/${profile}/active`)).statusCode).toBe(200);
    // The policy is the floor's, not the program's: the active profile's changes without a new version.
    const active = await patch(`/testprofiles/${profile}`, { attempt_limit: 5 }, 'alpha-engineer');
    expect(active.statusCode).toBe(200);
    expect(active.json().data).toMatchObject({ status: 'active', attempt_limit: 5 });
    // Its program stays read-only.
    expect((await patch(`/testprofiles/${profile}`, { description: 'changed' })).statusCode).toBe(409);
    const copy = await post(`/projects/${alpha.projectId}/testprofiles`, { copy_of: profile, version: '2' });
    expect(copy.json().data.attempt_limit).toBe(5);
    const cleared = await patch(`/testprofiles/${profile}`, { attempt_limit: null });
    expect(cleared.json().data.attempt_limit).toBeNull();
  });

  it('refuses a limit outside 1..20 or not whole on its field, and any change on an archived profile', async () => {
    const profile = await createProfile(t, alpha.projectId, { name: 'Bounds', version: '1' });
    for (const wrong of [0, 21, 2.5, 'three']) {
      const res = await patch(`/testprofiles/${profile}`, { attempt_limit: wrong });
      expect(res.statusCode, String(wrong)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['attempt_limit']);
    }
    const created = await post(`/projects/${alpha.projectId}/testprofiles`, { name: 'Bounds', version: '2', attempt_limit: 20 });
    expect(created.json().data.attempt_limit).toBe(20);
    expect((await post(`/projects/${alpha.projectId}/testprofiles`, { name: 'Bounds', version: '3', attempt_limit: 0 })).statusCode).toBe(422);
    expect((await patch(`/testprofiles/${profile}`, { status: 'archived' })).statusCode).toBe(200);
    expect((await patch(`/testprofiles/${profile}`, { attempt_limit: 3 })).statusCode).toBe(409);
    expect((await t.call('GET', `/v1/testprofiles/${profile}`, { as: 'alpha-admin' })).json().data.attempt_limit).toBeNull();
  });

  it('is edited only by those who edit profiles', async () => {
    const profile = await createProfile(t, alpha.projectId, { name: 'Who', version: '1' });
    expect((await patch(`/testprofiles/${profile}`, { attempt_limit: 3 }, 'alpha-operator')).statusCode).toBe(403);
    expect((await patch(`/testprofiles/${profile}`, { attempt_limit: 3 }, 'beta-admin')).statusCode).toBe(404);
  });
});
