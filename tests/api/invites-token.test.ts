import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companyOnJigboard,
  INVITE_UNKNOWN_MESSAGE,
  INVITE_UNUSABLE_MESSAGES,
  inviteAcceptResult,
  invitePreviewSchema,
  inviteRegisterResult,
} from '../../contract/invites';
import { registerByInvite } from '../../server/store/invite-acceptance';
import { findInviteByToken } from '../../server/store/invites';
import { createInvite, expireInvite, registration, tokenUrl } from './helpers/invites';
import { createProduction, type Production } from './helpers/production';
import { createTestApp, type TestApp } from './helpers/test-app';

/** The public side of an invitation: reading the link, registering with it, accepting it. */
let t: TestApp;
let alpha: Production;
beforeAll(async () => {
  t = await createTestApp();
  alpha = await createProduction(t, 'alpha', { project: 'Invited Project' });
});
afterAll(() => t?.close());

const register = (token: string, body: object) => t.call('POST', tokenUrl(token), { body });
const accept = (token: string, as?: string, headers?: Record<string, string>) =>
  t.call('POST', tokenUrl(token), { as, headers });

describe('GET /v1/invites?token=… (public)', () => {
  it('says what the link is for, without a login', async () => {
    const invite = await createInvite(t, alpha.projectId, { role: 'engineer' }, 'alpha-engineer');
    const res = await t.call('GET', tokenUrl(invite.token));
    expect(res.statusCode).toBe(200);
    expect(invitePreviewSchema.strict().parse(res.json().data)).toEqual({
      status: 'pending',
      email: invite.email,
      role: 'engineer',
      registration: 'open',
      project: { id: alpha.projectId, name: 'Invited Project' },
      company: { id: t.companyIds.alpha, name: 'Alpha Boards' },
      invited_by: 'alpha-engineer',
      expires_at: invite.expires_at,
    });
  });

  it('names the manufacturer as the company a new account joins, before that company exists', async () => {
    const invite = await createInvite(t, alpha.projectId, { manufacturer_id: alpha.manufacturerId });
    const maker = await t.db.selectFrom('manufacturers').where('id', '=', alpha.manufacturerId).select('name').executeTakeFirstOrThrow();
    expect((await t.call('GET', tokenUrl(invite.token))).json().data).toMatchObject({
      registration: 'open',
      company: { id: null, name: maker.name },
    });
  });

  it('does not tell whether the email has an account: both previews read alike', async () => {
    const taken = await createInvite(t, alpha.projectId, { email: 'Root@example.com' });
    const free = await createInvite(t, alpha.projectId, { email: 'nobody-has-this@example.com' });
    const [a, b] = await Promise.all([taken, free].map(async (i) => (await t.call('GET', tokenUrl(i.token))).json().data));
    expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());
    const { email: _a, expires_at: _ae, ...restA } = a;
    const { email: _b, expires_at: _be, ...restB } = b;
    expect(restA).toEqual(restB);
    invitePreviewSchema.strict().parse(a);
  });

  it('answers 404 with a message for an unknown or missing token', async () => {
    for (const url of [tokenUrl('not-a-token'), '/v1/invites', '/v1/invites?token=']) {
      const res = await t.call('GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(INVITE_UNKNOWN_MESSAGE);
    }
  });

  it('answers 200 with the status of a used, revoked or expired link', async () => {
    const used = await createInvite(t, alpha.projectId);
    await register(used.token, registration(`preview-${used.id}`));
    const revoked = await createInvite(t, alpha.projectId);
    await t.call('PATCH', `/v1/invites/${revoked.id}`, { as: 'alpha-admin', body: { action: 'revoke' } });
    const expired = await createInvite(t, alpha.projectId);
    await expireInvite(t, expired.id);
    for (const [invite, status] of [[used, 'accepted'], [revoked, 'revoked'], [expired, 'expired']] as const) {
      const res = await t.call('GET', tokenUrl(invite.token));
      expect(res.statusCode).toBe(200);
      expect(res.json().data.status).toBe(status);
    }
  });
});

describe('POST /v1/invites?token=… with a body: register', () => {
  it('creates the account in the project company with the invite role and logs it in', async () => {
    const invite = await createInvite(t, alpha.projectId, { role: 'engineer' });
    const res = await register(invite.token, { ...registration('new-engineer'), email: invite.email.toUpperCase() });
    expect(res.statusCode).toBe(201);
    const result = inviteRegisterResult.parse(res.json().data);
    expect(result).toMatchObject({ type: 'Bearer', project_id: alpha.projectId });
    expect(result.user).toMatchObject({ username: 'new-engineer', email: invite.email, company_id: t.companyIds.alpha });
    expect(result.user.roles.map((r) => r.slug)).toEqual(['engineer']);
    // The answer is a login: the app stores it and calls on with it.
    const me = await t.call('GET', '/v1/users/me', { headers: { authorization: `Bearer ${result.token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.username).toBe('new-engineer');
    const project = await t.call('GET', `/v1/projects/${alpha.projectId}`, { headers: { authorization: `Bearer ${result.token}` } });
    expect(project.statusCode).toBe(200);
    // Same company: no membership row is needed.
    expect(await t.db.selectFrom('project_members').where('user_id', '=', result.user.id).selectAll().execute()).toEqual([]);
    // The password works for a normal login too.
    const login = await t.call('POST', '/v1/login', { body: { username: 'new-engineer', password: 'a-long-password-1' } });
    expect(login.statusCode).toBe(200);
  });

  it('marks the invite accepted by the new account; the link then answers 410 "already used"', async () => {
    const invite = await createInvite(t, alpha.projectId);
    const res = await register(invite.token, registration('once-only'));
    const userId = res.json().data.user.id;
    const row = await t.db.selectFrom('invites').where('id', '=', invite.id).selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'accepted', accepted_by: userId });
    const again = await register(invite.token, registration('twice'));
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(INVITE_UNUSABLE_MESSAGES.accepted);
  });

  it('answers 410 with its own message for a revoked or expired link', async () => {
    const revoked = await createInvite(t, alpha.projectId);
    await t.call('PATCH', `/v1/invites/${revoked.id}`, { as: 'alpha-admin', body: { action: 'revoke' } });
    const expired = await createInvite(t, alpha.projectId);
    await expireInvite(t, expired.id);
    for (const [invite, status] of [[revoked, 'revoked'], [expired, 'expired']] as const) {
      const res = await register(invite.token, registration(`late-${invite.id}`));
      expect(res.statusCode).toBe(410);
      expect(res.json().message).toBe(INVITE_UNUSABLE_MESSAGES[status]);
    }
    expect(await t.db.selectFrom('users').where('username', 'like', 'late-%').selectAll().execute()).toEqual([]);
  });

  it('answers 404 for an unknown token', async () => {
    const res = await register('unknown', registration('nobody-here'));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(INVITE_UNKNOWN_MESSAGE);
  });

  it('gives field errors for a bad form, and keeps the invite usable', async () => {
    const invite = await createInvite(t, alpha.projectId);
    const res = await register(invite.token, { username: 'x', password: 'short', password_confirmation: 'other' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['password', 'password_confirmation', 'username']);
    const taken = await register(invite.token, registration('ALPHA-admin'));
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ username: ['This username is taken.'] });
    const otherEmail = await register(invite.token, { ...registration('someone-else'), email: 'other@example.com' });
    expect(otherEmail.statusCode).toBe(422);
    expect(Object.keys(otherEmail.json().errors)).toEqual(['email']);
    expect((await register(invite.token, registration('finally-right'))).statusCode).toBe(201);
  });

  it('refuses to register an email that has an account: log in and accept instead', async () => {
    const invite = await createInvite(t, alpha.projectId, { email: 'Beta-Operator@example.com' });
    const res = await register(invite.token, registration('beta-operator-2'));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: ['An account with this email exists: log in and accept the invitation.'] });
  });

  it('puts a manufacturer invitee in that manufacturer\'s company, made once and linked', async () => {
    const first = await createInvite(t, alpha.projectId, { manufacturer_id: alpha.manufacturerId, role: 'admin' });
    const res = await register(first.token, registration('maker-admin'));
    expect(res.statusCode).toBe(201);
    const user = res.json().data.user;
    expect(user.company.type).toBe('manufacturer');
    expect(user.company_id).not.toBe(t.companyIds.alpha);
    expect(user.roles.map((r: { slug: string }) => r.slug)).toEqual(['admin']);
    const maker = await t.db.selectFrom('manufacturers').where('id', '=', alpha.manufacturerId).selectAll().executeTakeFirstOrThrow();
    expect(maker.company_id).toBe(user.company_id);
    expect(user.company.name).toBe(maker.name);
    const members = await t.db.selectFrom('project_members').where('user_id', '=', user.id).selectAll().execute();
    expect(members).toEqual([expect.objectContaining({ project_id: alpha.projectId, invite_id: first.id })]);

    // From now on M's company exists: its admins add its people, nobody registers into it.
    const second = await createInvite(t, alpha.projectId, { manufacturer_id: alpha.manufacturerId, role: 'operator' });
    expect((await t.call('GET', tokenUrl(second.token))).json().data).toMatchObject({
      registration: 'existing_company',
      company: { id: user.company_id, name: maker.name },
    });
    const colleague = await register(second.token, registration('maker-operator'));
    expect(colleague.statusCode).toBe(409);
    expect(colleague.json()).toEqual({ message: companyOnJigboard(maker.name) });
    expect(await t.db.selectFrom('users').where('username', '=', 'maker-operator').select('id').execute()).toEqual([]);
  });

  it('never joins a manufacturer to an existing company by its name', async () => {
    const maker = await t.call('POST', `/v1/projects/${alpha.projectId}/manufacturers`, { as: 'alpha-admin', body: { name: 'Beta Builders' } });
    const invite = await createInvite(t, alpha.projectId, { manufacturer_id: maker.json().data.id, role: 'admin' });
    const user = (await register(invite.token, registration('not-beta'))).json().data.user;
    expect(user.company_id).not.toBe(t.companyIds.beta);
    expect(user.company.name).toBe(`Beta Builders (manufacturer ${maker.json().data.id})`);
  });
});

describe('POST /v1/invites?token=… without a body: accept', () => {
  it('lets the invited user, logged in, join the project of another company, keeping their roles', async () => {
    const invite = await createInvite(t, alpha.projectId, { email: 'beta-engineer@example.com', role: 'admin' });
    expect((await t.call('GET', `/v1/projects/${alpha.projectId}`, { as: 'beta-engineer' })).statusCode).toBe(404);
    const res = await accept(invite.token, 'beta-engineer');
    expect(res.statusCode).toBe(200);
    expect(inviteAcceptResult.strict().parse(res.json().data)).toEqual({ project_id: alpha.projectId });
    expect((await t.call('GET', `/v1/projects/${alpha.projectId}`, { as: 'beta-engineer' })).statusCode).toBe(200);
    const me = (await t.call('GET', '/v1/users/me', { as: 'beta-engineer' })).json().data;
    expect(me.roles.map((r: { slug: string }) => r.slug)).toEqual(['engineer']);
    expect(me.company_id).toBe(t.companyIds.beta);
    const row = await t.db.selectFrom('invites').where('id', '=', invite.id).selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'accepted', accepted_by: t.userIds['beta-engineer'] });
    expect((await accept(invite.token, 'beta-engineer')).statusCode).toBe(410);
  });

  it('answers 403 to a user the invite was not sent to, naming no one', async () => {
    const invite = await createInvite(t, alpha.projectId, { email: 'beta-admin@example.com' });
    const res = await accept(invite.token, 'beta-viewer');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This invitation was sent to another email address.');
    expect((await t.call('GET', tokenUrl(invite.token))).json().data.status).toBe('pending');
  });

  it('answers 401 without a login or with a dead one', async () => {
    const invite = await createInvite(t, alpha.projectId, { email: 'beta-viewer@example.com' });
    expect((await accept(invite.token)).statusCode).toBe(401);
    expect((await accept(invite.token, undefined, { authorization: 'Bearer nonsense' })).statusCode).toBe(401);
    const login = await t.login('beta-viewer', { fresh: true });
    await t.call('POST', '/v1/logout', { headers: login });
    expect((await accept(invite.token, undefined, login)).statusCode).toBe(401);
    expect((await t.call('GET', tokenUrl(invite.token))).json().data.status).toBe('pending');
    expect((await accept(invite.token, 'beta-viewer')).statusCode).toBe(200);
  });

  it('answers 410 before asking for a login when the link is used up', async () => {
    const invite = await createInvite(t, alpha.projectId);
    await expireInvite(t, invite.id);
    const res = await accept(invite.token);
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe(INVITE_UNUSABLE_MESSAGES.expired);
  });
});

describe('one token, two requests at once', () => {
  // A project of its own, so no earlier test holds a pending invite for these emails.
  let project: Production;
  beforeAll(async () => {
    project = await createProduction(t, 'alpha');
  });
  it('registers exactly one account: one 201, the other 410', async () => {
    const invite = await createInvite(t, project.projectId);
    const results = await Promise.all([
      register(invite.token, registration('racer-one')),
      register(invite.token, registration('racer-two')),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 410]);
    expect(results.find((r) => r.statusCode === 410)!.json().message).toBe(INVITE_UNUSABLE_MESSAGES.accepted);
    const users = await t.db.selectFrom('users').where('username', 'like', 'racer-%').select('username').execute();
    expect(users).toHaveLength(1);
  });

  it('claims the invite with a conditional update: racers past every check still write once', async () => {
    // Straight to the store, so neither request can be stopped by a pre-check that sees the other.
    const invite = await createInvite(t, project.projectId);
    const record = (await findInviteByToken(t.db, invite.token))!;
    const results = await Promise.all(
      ['store-racer-1', 'store-racer-2', 'store-racer-3'].map((username) =>
        registerByInvite(t.db, record, t.companyIds.alpha, { username, password: 'a-long-password-1' }),
      ),
    );
    const ids = results.flatMap((r) => ('userId' in r ? [r.userId] : []));
    expect(ids).toHaveLength(1);
    expect(results.filter((r) => !('userId' in r))).toEqual([{ refused: 'gone' }, { refused: 'gone' }]);
    const users = await t.db.selectFrom('users').where('username', 'like', 'store-racer-%').select('id').execute();
    expect(users.map((u) => u.id)).toEqual(ids);
  });

  it('lets only one of three accepting at once through', async () => {
    const invite = await createInvite(t, project.projectId, { email: 'beta-operator@example.com' });
    const results = await Promise.all([
      accept(invite.token, 'beta-operator'),
      accept(invite.token, 'beta-operator'),
      accept(invite.token, 'beta-operator'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 410, 410]);
    const members = await t.db.selectFrom('project_members').where('user_id', '=', t.userIds['beta-operator']).selectAll().execute();
    expect(members).toHaveLength(1);
  });
});
