import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jigSignature, signatureHash } from '../../server/store/enclosures';
import { firmwareForm } from './helpers/enclosure-updates';
import { provisionEnclosure, registerEnclosure } from './helpers/enclosures';
import { createProduction, postReport, reportBody, type Production } from './helpers/production';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let production: Production;
beforeAll(async () => {
  t = await createTestApp();
  production = await createProduction(t);
});
afterAll(async () => t?.close());

const get = (id: number) => t.call('GET', `/v1/enclosures/${id}`, { as: 'root' });
const move = (id: number, to: string) => t.call('PUT', `/v1/enclosures/${id}?provisioning=${to}`, { as: 'root' });
const fetchUpdate = (signature: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/v1/jig/update?signature=${signature}`, headers });
const report = (signature: string, serial = `BOARD-${randomBytes(4).toString('hex')}`) =>
  postReport(t, { signature }, reportBody({ serial, project_id: production.projectId, production_batch_id: production.batchId }));

describe('enclosures', () => {
  it('registers an unprovisioned enclosure and shows it, with its company, to a superadmin', async () => {
    const res = await t.call('POST', '/v1/enclosures', {
      as: 'root',
      body: { serial: ' JB-NEW-1 ', name: ' Line jig ', company_id: t.companyIds.alpha },
    });
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toEqual({
      id: expect.any(Number),
      serial: 'JB-NEW-1',
      name: 'Line jig',
      name_at_company: 'Line jig',
      company: { id: t.companyIds.alpha, name: expect.any(String) },
      provisioning: 'unprovisioned',
      firmware_version: null,
      last_seen_at: null,
      online: false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect((await get(created.id)).json().data).toEqual(created);
    // No secret is stored or shown: the row holds only a hash that matches no signature.
    expect(JSON.stringify(created)).not.toMatch(/secret|signature/);
  });

  it('refuses a create with each wrong field named, and a serial that exists (case-insensitively)', async () => {
    const empty = await t.call('POST', '/v1/enclosures', { as: 'root', body: { serial: '', name: '  ' } });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ serial: ['Serial is required.'], name: ['Name is required.'] });

    const bad = await t.call('POST', '/v1/enclosures', { as: 'root', body: { serial: 'has space', name: 'x', company_id: 999999 } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.serial).toEqual(['Serial has letters, digits, dots, dashes and underscores only.']);

    const noCompany = await t.call('POST', '/v1/enclosures', { as: 'root', body: { serial: 'JB-NOCO', name: 'x', company_id: 999999 } });
    expect(noCompany.statusCode).toBe(422);
    expect(noCompany.json().errors).toEqual({ company_id: ['There is no company with id 999999.'] });

    await registerEnclosure(t, { serial: 'JB-TWICE' });
    const twice = await t.call('POST', '/v1/enclosures', { as: 'root', body: { serial: 'jb-twice', name: 'x' } });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toEqual({ serial: ['An enclosure with this serial exists already.'] });
  });

  it('lists server-paged, sorted, searched over serial and name, filtered by company and provisioning', async () => {
    const tag = randomBytes(3).toString('hex').toUpperCase();
    const a = await registerEnclosure(t, { serial: `LST-${tag}-A`, name: 'Alpha bench', company_id: t.companyIds.alpha });
    const b = await registerEnclosure(t, { serial: `LST-${tag}-B`, name: 'Beta bench', company_id: t.companyIds.beta });
    const c = await registerEnclosure(t, { serial: `LST-${tag}-C`, name: `Spare ${tag}` });
    await provisionEnclosure(t, b);

    const list = async (query: string) => {
      const res = await t.call('GET', `/v1/enclosures?${query}`, { as: 'root' });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const bySerial = await list(`search=lst-${tag}&sortby=serial&sortdesc=true&limit=2`);
    expect(bySerial.meta).toEqual({ page: 1, limit: 2, total: 3 });
    expect(bySerial.data.map((e: { id: number }) => e.id)).toEqual([c, b]);
    expect((await list(`search=lst-${tag}&sortby=serial&sortdesc=true&limit=2&page=2`)).data.map((e: { id: number }) => e.id)).toEqual([a]);
    // The name is searched too.
    expect((await list(`search=spare ${tag.toLowerCase()}`)).data.map((e: { id: number }) => e.id)).toEqual([c]);
    expect((await list(`search=${tag}&company_id=${t.companyIds.beta}`)).data.map((e: { id: number }) => e.id)).toEqual([b]);
    expect((await list(`search=${tag}&provisioning=provisioned`)).data.map((e: { id: number }) => e.id)).toEqual([b]);
    expect((await list(`search=${tag}&provisioning=unprovisioned&sortby=name`)).data.map((e: { id: number }) => e.id)).toEqual([a, c]);
    expect((await list(`search=${tag}&sortby=company`)).data.map((e: { id: number }) => e.id)).toEqual([c, a, b]);

    const wrong = await t.call('GET', '/v1/enclosures?provisioning=lost&sortby=secret', { as: 'root' });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().errors).sort()).toEqual(['provisioning', 'sortby']);
  });

  it('edits name and company; the serial changes only while unprovisioned', async () => {
    const id = await registerEnclosure(t, { serial: `EDIT-${randomBytes(3).toString('hex')}` });
    const renamed = await t.call('POST', `/v1/enclosures/${id}`, {
      as: 'root',
      body: { serial: `EDIT2-${id}`, name: 'Renamed', company_id: t.companyIds.beta },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ serial: `EDIT2-${id}`, name: 'Renamed', company: { id: t.companyIds.beta } });

    const cleared = await t.call('POST', `/v1/enclosures/${id}`, { as: 'root', body: { company_id: null } });
    expect(cleared.json().data.company).toBeNull();

    await provisionEnclosure(t, id);
    const locked = await t.call('POST', `/v1/enclosures/${id}`, { as: 'root', body: { serial: `EDIT3-${id}`, name: 'Still' } });
    expect(locked.statusCode).toBe(422);
    expect(locked.json().errors).toEqual({ serial: ['The serial of a provisioned jig cannot change: its signature is made over it.'] });
    expect((await get(id)).json().data).toMatchObject({ serial: `EDIT2-${id}`, name: 'Renamed' });

    const missing = await t.call('POST', '/v1/enclosures/99999999', { as: 'root', body: { name: 'x' } });
    expect(missing.statusCode).toBe(404);
  });

  it('provisions once with a secret and signature never readable again; the signature reports; revoked is refused', async () => {
    const id = await registerEnclosure(t, { company_id: t.companyIds.alpha });
    const serial = (await get(id)).json().data.serial;
    // Unprovisioned: refused like an unknown jig.
    const res = await move(id, 'provisioned');
    expect(res.statusCode).toBe(200);
    const { enclosure, credentials } = res.json().data;
    expect(enclosure.provisioning).toBe('provisioned');
    expect(credentials.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(credentials.signature).toBe(jigSignature(serial, credentials.secret));

    // Only sha256 of the signature is stored: no column holds the secret or the signature.
    const row = await t.db.selectFrom('enclosures').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.signature_hash).toBe(signatureHash(credentials.signature));
    expect(JSON.stringify(row)).not.toContain(credentials.secret);
    expect(JSON.stringify(row)).not.toContain(credentials.signature);
    // …and no read answers them.
    const one = await get(id);
    expect(one.body).not.toContain(credentials.secret);
    expect(one.body).not.toContain(credentials.signature);
    const listed = await t.call('GET', `/v1/enclosures?search=${serial}`, { as: 'root' });
    expect(listed.body).not.toContain(credentials.secret);
    expect(listed.body).not.toContain(credentials.signature);

    const accepted = await report(credentials.signature);
    expect(accepted.statusCode).toBe(201);
    const seen = (await get(id)).json().data;
    expect(seen.online).toBe(true);
    expect(Date.now() - Date.parse(seen.last_seen_at)).toBeLessThan(60_000);

    // Provisioning again is not a move: 409, and the signature is unchanged.
    const again = await move(id, 'provisioned');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Enclosure “${serial}” is provisioned already.`);
    const back = await move(id, 'unprovisioned');
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe(`Enclosure “${serial}” is provisioned; it can only be revoked.`);
    expect((await report(credentials.signature)).statusCode).toBe(201);

    const revoked = await move(id, 'revoked');
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data).toMatchObject({ enclosure: { provisioning: 'revoked' }, credentials: null });
    const refused = await report(credentials.signature);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('Unknown or unprovisioned jig.');
    expect((await fetchUpdate(credentials.signature)).statusCode).toBe(404);

    // Provisioned again: a new secret; the old signature stays refused.
    const renewed = (await move(id, 'provisioned')).json().data.credentials;
    expect(renewed.signature).not.toBe(credentials.signature);
    expect((await report(credentials.signature)).statusCode).toBe(401);
    expect((await report(renewed.signature)).statusCode).toBe(201);
  });

  it('refuses an unprovisioned jig, an unknown move and a missing row', async () => {
    const id = await registerEnclosure(t, { company_id: t.companyIds.alpha });
    const revokeFirst = await move(id, 'revoked');
    expect(revokeFirst.statusCode).toBe(409);
    const unknown = await move(id, 'lost');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.provisioning).toEqual(['Provisioning must be one of Unprovisioned, Provisioned or Revoked.']);
    expect((await move(99999999, 'provisioned')).statusCode).toBe(404);
    // The hash an unprovisioned row holds matches no signature anyone could send.
    const serial = (await get(id)).json().data.serial;
    expect((await report(jigSignature(serial, ''))).statusCode).toBe(401);
  });

  it('deletes a jig no report names (204, then 404); refuses one a report names (409, row kept)', async () => {
    const free = await registerEnclosure(t);
    const gone = await t.call('DELETE', `/v1/enclosures/${free}`, { as: 'root' });
    expect(gone.statusCode).toBe(204);
    expect(gone.body).toBe('');
    expect((await get(free)).statusCode).toBe(404);
    expect((await t.call('DELETE', `/v1/enclosures/${free}`, { as: 'root' })).statusCode).toBe(404);

    const used = await registerEnclosure(t, { company_id: t.companyIds.alpha });
    const { signature } = await provisionEnclosure(t, used);
    expect((await report(signature)).statusCode).toBe(201);
    expect((await report(signature)).statusCode).toBe(201);
    const serial = (await get(used)).json().data.serial;
    const refused = await t.call('DELETE', `/v1/enclosures/${used}`, { as: 'root' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Enclosure “${serial}” is named by 2 device reports; revoke it instead.`);
    expect((await get(used)).statusCode).toBe(200);
  });

  it('is the superadmin’s only: a company admin gets 403', async () => {
    const id = await registerEnclosure(t);
    expect((await t.call('GET', '/v1/enclosures', { as: 'alpha-admin' })).statusCode).toBe(403);
    expect((await t.call('PUT', `/v1/enclosures/${id}?provisioning=provisioned`, { as: 'alpha-admin' })).statusCode).toBe(403);
    expect((await get(id)).json().data.provisioning).toBe('unprovisioned');
  });
});

describe('GET /jig/update', () => {
  it('streams the newest update byte for byte, 304 when the jig runs it, and records the version', async () => {
    const id = await registerEnclosure(t, { company_id: t.companyIds.alpha });
    const { signature } = await provisionEnclosure(t, id);

    const none = await fetchUpdate(signature);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('There is no enclosure update yet.');
    expect((await get(id)).json().data.online).toBe(true);

    const older = randomBytes(2048);
    const newer = randomBytes(70_000 + 3);
    for (const [description, data, name] of [['Old', older, 'old.bin'], ['New', newer, 'jb-ctrl 2.5.bin']] as const) {
      const up = await t.call('POST', '/v1/enclosure-updates', { as: 'root', body: firmwareForm({ description, data, name }) });
      expect(up.statusCode).toBe(201);
    }
    const version = (await t.call('GET', '/v1/enclosure-updates?limit=1', { as: 'root' })).json().data[0].firmware_sha256;

    const res = await fetchUpdate(signature);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(newer)).toBe(true);
    expect(res.headers['content-length']).toBe(String(newer.length));
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.headers.etag).toBe(`"${version}"`);
    expect(res.headers['x-firmware-version']).toBe(version);
    expect((await get(id)).json().data.firmware_version).toBe(version);

    // The header works as well as the query.
    const byHeader = await t.app.inject({ method: 'GET', url: '/v1/jig/update', headers: { 'x-jig-signature': signature } });
    expect(byHeader.statusCode).toBe(200);
    expect(byHeader.rawPayload.equals(newer)).toBe(true);

    const current = await fetchUpdate(signature, { 'if-none-match': `"${version}"` });
    expect(current.statusCode).toBe(304);
    expect(current.rawPayload.length).toBe(0);
    expect(current.headers['x-firmware-version']).toBe(version);

    const stale = await fetchUpdate(signature, { 'if-none-match': `"${'0'.repeat(64)}"` });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(newer)).toBe(true);
  });

  it('refuses an unknown, unsigned, unprovisioned or revoked jig with 404 (API.md)', async () => {
    expect((await fetchUpdate('f'.repeat(64))).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/v1/jig/update' })).statusCode).toBe(404);
    const id = await registerEnclosure(t, { company_id: t.companyIds.alpha });
    const { signature } = await provisionEnclosure(t, id);
    expect((await fetchUpdate(signature)).statusCode).toBe(200);
    await move(id, 'revoked');
    const refused = await fetchUpdate(signature);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('Unknown or unprovisioned jig.');
  });
});
