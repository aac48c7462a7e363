import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITE_TTL_DAYS, inviteSchema, inviteWithTokenSchema } from '../../contract/invites';
import { createInvite, expireInvite, freshEmail, registration, tokenUrl } from './helpers/invites';
import { createProduction, type Production } from './helpers/production';
import { createTestApp, type TestApp } from './helpers/test-app';

/** Inviting, listing, revoking and resending: the project side of invitations. */
let t: TestApp;
let alpha: Production;
let beta: Production;
beforeAll(async () => {
  t = await createTestApp();
  alpha = await createProduction(t, 'alpha');
  beta = await createProduction(t, 'beta');
});
afterAll(() => t?.close());

const url = () => `/v1/projects/${alpha.projectId}/invites`;

describe('POST /v1/projects/:id/invites', () => {
  it('creates a pending invite and answers its token once; only the hash is stored', async () => {
    const email = freshEmail();
    const before = Date.now();
    const res = await t.call('POST', url(), { as: 'alpha-engineer', body: { email, role: 'operator' } });
    expect(res.statusCode).toBe(201);
    const invite = inviteWithTokenSchema.parse(res.json().data);
    expect(invite).toMatchObject({
      delivery: 'link',
      project_id: alpha.projectId,
      email,
      role: 'operator',
      manufacturer_id: null,
      manufacturer_name: null,
      status: 'pending',
      invited_by: { id: t.userIds['alpha-engineer'], username: 'alpha-engineer' },
      accepted_by: null,
      accepted_at: null,
    });
    expect(invite.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 bytes, base64url
    const ttl = Date.parse(invite.expires_at) - before;
    expect(ttl).toBeGreaterThanOrEqual(INVITE_TTL_DAYS * 86_400_000 - 1000);
    expect(ttl).toBeLessThan(INVITE_TTL_DAYS * 86_400_000 + 60_000);
    const row = await t.db.selectFrom('invites').where('id', '=', invite.id).selectAll().executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(invite.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(invite.token);
  });

  it('names a manufacturer of the project', async () => {
    const invite = await createInvite(t, alpha.projectId, { manufacturer_id: alpha.manufacturerId, role: 'engineer' });
    expect(invite.manufacturer_id).toBe(alpha.manufacturerId);
    expect(invite.manufacturer_name).toEqual(expect.any(String));
  });

  it('lets only admins invite an admin', async () => {
    const byEngineer = await t.call('POST', url(), { as: 'alpha-engineer', body: { email: freshEmail(), role: 'admin' } });
    expect(byEngineer.statusCode).toBe(403);
    const byAdmin = await t.call('POST', url(), { as: 'alpha-admin', body: { email: freshEmail(), role: 'admin' } });
    expect(byAdmin.statusCode).toBe(201);
    const byRoot = await t.call('POST', url(), { as: 'root', body: { email: freshEmail(), role: 'admin' } });
    expect(byRoot.statusCode).toBe(201);
  });

  it.each(['alpha-operator', 'alpha-viewer'])('refuses %s with 403', async (user) => {
    const res = await t.call('POST', url(), { as: user, body: { email: freshEmail(), role: 'viewer' } });
    expect(res.statusCode).toBe(403);
  });

  it('answers 404 for another company and 401 without a login', async () => {
    expect((await t.call('POST', url(), { as: 'beta-admin', body: { email: freshEmail(), role: 'viewer' } })).statusCode).toBe(404);
    expect((await t.call('POST', url(), { body: { email: freshEmail(), role: 'viewer' } })).statusCode).toBe(401);
  });

  it('refuses an invalid email and a role outside the company roles with field errors', async () => {
    const res = await t.call('POST', url(), { as: 'alpha-admin', body: { email: 'not-an-email', role: 'superadmin' } });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'role']);
  });

  it('refuses a manufacturer of another project, or none at all, on manufacturer_id', async () => {
    for (const manufacturer_id of [beta.manufacturerId, 999_999]) {
      const res = await t.call('POST', url(), { as: 'alpha-admin', body: { email: freshEmail(), role: 'viewer', manufacturer_id } });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ manufacturer_id: ['Pick a manufacturer of this project.'] });
    }
  });

  it('refuses a second pending invite for the same email (any case): resend the first', async () => {
    const email = freshEmail();
    await createInvite(t, alpha.projectId, { email });
    const res = await t.call('POST', url(), { as: 'alpha-admin', body: { email: email.toUpperCase(), role: 'viewer' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: ['A pending invitation for this email exists; resend it instead.'] });
    // The same email may be invited into another project.
    expect((await t.call('POST', `/v1/projects/${beta.projectId}/invites`, { as: 'beta-admin', body: { email, role: 'viewer' } })).statusCode).toBe(201);
  });

  it('says so when the pending invite for that email has expired', async () => {
    const first = await createInvite(t, alpha.projectId);
    await expireInvite(t, first.id);
    const res = await t.call('POST', url(), { as: 'alpha-admin', body: { email: first.email, role: 'viewer' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email[0]).toMatch(/expired invitation.*resend/);
  });

  it('allows a new invite once the earlier one was revoked', async () => {
    const first = await createInvite(t, alpha.projectId);
    await t.call('PATCH', `/v1/invites/${first.id}`, { as: 'alpha-admin', body: { action: 'revoke' } });
    expect((await t.call('POST', url(), { as: 'alpha-admin', body: { email: first.email, role: 'viewer' } })).statusCode).toBe(201);
  });

  it('refuses to invite someone who already sees the project', async () => {
    const res = await t.call('POST', url(), { as: 'alpha-admin', body: { email: 'ALPHA-viewer@example.com', role: 'viewer' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: ['This person already has access to this project.'] });
  });
});

describe('GET /v1/projects/:id/invites', () => {
  let project: Production;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    // A project of its own, so the list holds exactly one invite in each state.
    project = await createProduction(t, 'alpha');
    for (const name of ['carol', 'alice', 'dave', 'bob']) {
      ids[name] = (await createInvite(t, project.projectId, { email: `${name}-${project.projectId}@example.com` })).id;
    }
    await expireInvite(t, ids.bob);
    await t.call('PATCH', `/v1/invites/${ids.carol}`, { as: 'alpha-admin', body: { action: 'revoke' } });
    const token = (await t.call('PATCH', `/v1/invites/${ids.dave}`, { as: 'alpha-admin', body: { action: 'resend' } })).json().data.token;
    const registered = await t.call('POST', tokenUrl(token), { body: registration(`dave-${project.projectId}`) });
    if (registered.statusCode !== 201) throw new Error(registered.body);
  });
  const list = (query: string, as = 'alpha-viewer') => t.call('GET', `/v1/projects/${project.projectId}/invites?${query}`, { as });
  const emails = (res: { json: () => { data: { email: string }[] } }) => res.json().data.map((i) => i.email.split('-')[0]);

  it('lists newest first by default with paging meta, to everyone of the project\'s company', async () => {
    const res = await list('limit=3');
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toEqual({ page: 1, limit: 3, total: 4 });
    expect(emails(res)).toEqual(['bob', 'dave', 'alice']);
    for (const row of res.json().data) inviteSchema.strict().parse(row);
    expect(res.json().data[0]).not.toHaveProperty('token');
  });

  it('computes each status: pending, expired, revoked, accepted', async () => {
    const res = await list('sortby=email');
    const byName = Object.fromEntries(res.json().data.map((i: { email: string; status: string }) => [i.email.split('-')[0], i]));
    expect(byName.alice.status).toBe('pending');
    expect(byName.bob.status).toBe('expired');
    expect(byName.carol.status).toBe('revoked');
    expect(byName.dave).toMatchObject({ status: 'accepted', accepted_by: { username: `dave-${project.projectId}` } });
    expect(byName.dave.accepted_at).toEqual(expect.any(String));
  });

  it('filters by status, expired meaning pending past its expiry', async () => {
    expect(emails(await list('status=expired'))).toEqual(['bob']);
    expect(emails(await list('status=pending'))).toEqual(['alice']);
    expect(emails(await list('status=revoked'))).toEqual(['carol']);
    expect(emails(await list('status=accepted'))).toEqual(['dave']);
    expect((await list('status=lost')).statusCode).toBe(422);
  });

  it('sorts by every INVITE_SORTABLE field and refuses others', async () => {
    expect(emails(await list('sortby=email&sortdesc=true'))).toEqual(['dave', 'carol', 'bob', 'alice']);
    // Status in the order of its words: accepted, expired, pending, revoked.
    expect(emails(await list('sortby=status'))).toEqual(['dave', 'bob', 'alice', 'carol']);
    expect(emails(await list('sortby=id'))).toEqual(['carol', 'alice', 'dave', 'bob']);
    expect(emails(await list('sortby=expires_at'))[0]).toBe('bob');
    expect((await list('sortby=created_at')).statusCode).toBe(200);
    expect((await list('sortby=token_hash')).statusCode).toBe(422);
  });

  it('searches the email', async () => {
    expect(emails(await list('search=ALI'))).toEqual(['alice']);
    expect((await list('search=%25')).json().meta.total).toBe(0);
  });

  it('answers 404 for another company', async () => {
    expect((await list('', 'beta-admin')).statusCode).toBe(404);
  });
});

describe('PATCH /v1/invites/:id', () => {
  const patch = (id: number, action: string, as = 'alpha-admin') => t.call('PATCH', `/v1/invites/${id}`, { as, body: { action } });

  it('revokes a pending invite; its link then says withdrawn; a second revoke is a 409', async () => {
    const invite = await createInvite(t, alpha.projectId);
    const res = await patch(invite.id, 'revoke', 'alpha-engineer');
    expect(res.statusCode).toBe(200);
    expect(inviteSchema.strict().parse(res.json().data).status).toBe('revoked');
    expect((await t.call('GET', tokenUrl(invite.token))).json().data.status).toBe('revoked');
    const again = await patch(invite.id, 'revoke');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/revoked/);
  });

  it('refuses to revoke an expired or accepted invite (409)', async () => {
    const expired = await createInvite(t, alpha.projectId);
    await expireInvite(t, expired.id);
    expect((await patch(expired.id, 'revoke')).statusCode).toBe(409);
    const used = await createInvite(t, alpha.projectId);
    await t.call('POST', tokenUrl(used.token), { body: registration(`used-${used.id}`) });
    expect((await patch(used.id, 'revoke')).statusCode).toBe(409);
  });

  it('resends a pending invite: a new token and expiry; the old link stops working', async () => {
    const invite = await createInvite(t, alpha.projectId);
    await t.db.updateTable('invites').set({ expires_at: new Date(Date.now() + 3_600_000).toISOString() }).where('id', '=', invite.id).execute();
    const res = await patch(invite.id, 'resend');
    expect(res.statusCode).toBe(200);
    const resent = inviteWithTokenSchema.parse(res.json().data);
    expect(resent.token).not.toBe(invite.token);
    expect(Date.parse(resent.expires_at)).toBeGreaterThan(Date.now() + (INVITE_TTL_DAYS - 1) * 86_400_000);
    expect((await t.call('GET', tokenUrl(invite.token))).statusCode).toBe(404);
    expect((await t.call('GET', tokenUrl(resent.token))).json().data.status).toBe('pending');
  });

  it('resends an expired invite back to pending', async () => {
    const invite = await createInvite(t, alpha.projectId);
    await expireInvite(t, invite.id);
    const res = await patch(invite.id, 'resend', 'alpha-engineer');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('pending');
  });

  it('refuses to resend a revoked or accepted invite (409)', async () => {
    const revoked = await createInvite(t, alpha.projectId);
    await patch(revoked.id, 'revoke');
    expect((await patch(revoked.id, 'resend')).statusCode).toBe(409);
    const used = await createInvite(t, alpha.projectId);
    await t.call('POST', tokenUrl(used.token), { body: registration(`used-${used.id}`) });
    const res = await patch(used.id, 'resend');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/accepted/);
  });

  it('lets an engineer revoke but not resend an admin invite (a new admin link is an admin\'s to give)', async () => {
    const invite = await createInvite(t, alpha.projectId, { role: 'admin' });
    expect((await patch(invite.id, 'resend', 'alpha-engineer')).statusCode).toBe(403);
    expect((await patch(invite.id, 'revoke', 'alpha-engineer')).statusCode).toBe(200);
  });

  it('refuses readers (403), other companies and unknown ids (404), unknown actions (422)', async () => {
    const invite = await createInvite(t, alpha.projectId);
    expect((await patch(invite.id, 'revoke', 'alpha-viewer')).statusCode).toBe(403);
    expect((await patch(invite.id, 'revoke', 'beta-admin')).statusCode).toBe(404);
    expect((await patch(999_999, 'revoke')).statusCode).toBe(404);
    expect((await patch(invite.id, 'delete')).statusCode).toBe(422);
    expect((await t.call('PATCH', `/v1/invites/${invite.id}`, { body: { action: 'revoke' } })).statusCode).toBe(401);
  });
});
