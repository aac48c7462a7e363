import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminIntoExistingCompany, companyOnJigboard, invitePreviewSchema } from '../../contract/invites';
import { registerByInvite } from '../../server/store/invite-acceptance';
import { findInviteByToken } from '../../server/store/invites';
import { createInvite, freshEmail, registration, tokenUrl } from './helpers/invites';
import { createProduction, type Production } from './helpers/production';
import { createTestApp, PASSWORD, type TestApp } from './helpers/test-app';

/**
 * docs/architecture.md "Access": nobody gains anything in a company that is not theirs. An invitation creates
 * a new account only in the project's own company, or in a manufacturer's company that the
 * registration itself creates; once that company exists, its admins add its people, who log in
 * and accept (read access to the project, never a company or a role). The whole chain through
 * an invitation that names a manufacturer M, and the other calls that hand out roles.
 */
let t: TestApp;
let alpha: Production;
let third: Production;
let makerId: number;
const makerName = `Maker M ${Date.now()}`;
/** x1: M's first admin, registered through an invitation; x2, x3: accounts M's admin made. */
const people = { x1: { id: 0, token: '' } };
let makerCompanyId: number;
/** An admin invitation naming M, made while M had no company. */
let earlyInvite: { id: number; token: string; email: string };
/** A viewer invitation naming M, made once M's company exists. */
let x2Invite: { id: number; token: string; email: string };

const asX1 = () => ({ authorization: `Bearer ${people.x1.token}` });
const invitesUrl = () => `/v1/projects/${alpha.projectId}/invites`;
const preview = async (token: string) => {
  const res = await t.call('GET', tokenUrl(token));
  expect(res.statusCode).toBe(200);
  return invitePreviewSchema.strict().parse(res.json().data);
};
const slugs = (user: { roles: { slug: string }[] }) => user.roles.map((r) => r.slug);
const inviteRow = (id: number) =>
  t.db.selectFrom('invites').where('id', '=', id).select(['status', 'accepted_by', 'accepted_at', 'role']).executeTakeFirstOrThrow();
const usersWithEmail = (email: string) => t.db.selectFrom('users').where('email', '=', email).select('id').execute();
/** Everything a registration would write, to show that a refused one wrote nothing. */
const footprint = async () => ({
  users: (await t.db.selectFrom('users').select('id').execute()).length,
  companies: (await t.db.selectFrom('companies').select('id').execute()).length,
  members: (await t.db.selectFrom('project_members').select('user_id').execute()).length,
  sessions: (await t.db.selectFrom('auth_tokens').select('id').execute()).length,
});
/** x1, M's admin, adds someone to M on the Users screen's call. */
const addToMaker = (username: string, email: string, role: 'viewer' | 'operator' | 'engineer') =>
  t.call('POST', `/v1/companies/${makerCompanyId}/users`, {
    headers: asX1(),
    body: { username, email, password: PASSWORD, password_confirmation: PASSWORD, role_ids: [t.roleIds[role]] },
  });

beforeAll(async () => {
  t = await createTestApp();
  alpha = await createProduction(t, 'alpha');
  // A third company's project that M's first admin is invited into later.
  third = await createProduction(t, 'beta', { project: 'Beta Secret Project' });
  const maker = await t.call('POST', `/v1/projects/${alpha.projectId}/manufacturers`, { as: 'alpha-admin', body: { name: makerName } });
  if (maker.statusCode !== 201) throw new Error(maker.body);
  makerId = maker.json().data.id;
  // Made while M has no company yet: allowed, since its first person may be M's admin.
  earlyInvite = await createInvite(t, alpha.projectId, { manufacturer_id: makerId, role: 'admin', email: freshEmail('x3') });
});
afterAll(() => t?.close());

describe('an invitation naming manufacturer M, the whole chain', () => {
  it('x1, invited as admin while M has no company, registers and becomes the admin of the company this creates', async () => {
    const invite = await createInvite(t, alpha.projectId, { manufacturer_id: makerId, role: 'admin', email: freshEmail('x1') });
    expect(await preview(invite.token)).toMatchObject({ role: 'admin', registration: 'open', company: { id: null, name: makerName } });
    const res = await t.call('POST', tokenUrl(invite.token), { body: registration('x1-maker-admin') });
    expect(res.statusCode).toBe(201);
    const { user, token } = res.json().data;
    expect(slugs(user)).toEqual(['admin']);
    expect(user.company).toMatchObject({ name: makerName, type: 'manufacturer' });
    expect(user.company_id).not.toBe(t.companyIds.alpha);
    people.x1 = { id: user.id, token };
    makerCompanyId = user.company_id;
    expect((await t.call('GET', `/v1/projects/${alpha.projectId}`, { headers: asX1() })).statusCode).toBe(200);
  });

  it('x2, invited as viewer once M exists: the preview offers no registration, and registering is refused with 409, storing nothing', async () => {
    const created = await t.call('POST', invitesUrl(), {
      as: 'alpha-admin',
      body: { email: freshEmail('x2'), role: 'viewer', manufacturer_id: makerId },
    });
    // Sending it is allowed: an account M's admins make accepts it.
    expect(created.statusCode).toBe(201);
    x2Invite = created.json().data;
    expect(await preview(x2Invite.token)).toEqual({
      status: 'pending',
      email: x2Invite.email,
      role: 'viewer',
      registration: 'existing_company',
      project: { id: alpha.projectId, name: expect.any(String) },
      company: { id: makerCompanyId, name: makerName },
      invited_by: 'alpha-admin',
      expires_at: expect.any(String),
    });

    const before = await footprint();
    // Whatever the form says: a good one, one with a taken username, one that would not pass.
    for (const body of [registration('x2-by-link'), registration('alpha-admin'), { username: 'x', password: 'short' }]) {
      const res = await t.call('POST', tokenUrl(x2Invite.token), { body });
      expect([body.username, res.statusCode]).toEqual([body.username, 409]);
      expect(res.json()).toEqual({ message: companyOnJigboard(makerName) });
    }
    expect(companyOnJigboard(makerName)).toBe(
      `${makerName} is on Jigboard already: ask its admins for an account, then log in to accept this invitation.`,
    );
    expect(await footprint()).toEqual(before);
    expect(await usersWithEmail(x2Invite.email)).toEqual([]);
    expect(await inviteRow(x2Invite.id)).toEqual({ status: 'pending', accepted_by: null, accepted_at: null, role: 'viewer' });
    expect((await preview(x2Invite.token)).status).toBe('pending');
  });

  it('the registering transaction refuses it too, past any check the route made first', async () => {
    // Straight to the store: a company that came into being after the route's check.
    const record = (await findInviteByToken(t.db, x2Invite.token))!;
    const before = await footprint();
    const result = await registerByInvite(t.db, record, t.companyIds.alpha, { username: 'x2-in-store', password: 'a-long-password-1' });
    expect(result).toEqual({ refused: 'existing_company', company: makerName });
    expect(await footprint()).toEqual(before);
    expect((await inviteRow(x2Invite.id)).status).toBe('pending');
  });

  it('x1, M\'s admin, makes x2\'s account; x2 logs in, accepts, and reads alpha\'s project with the role x1 gave', async () => {
    const made = await addToMaker('x2-maker-operator', x2Invite.email, 'operator');
    expect(made.statusCode).toBe(201);
    const x2Id = made.json().data.id;
    expect((await t.call('GET', `/v1/projects/${alpha.projectId}`, { as: 'x2-maker-operator' })).statusCode).toBe(404);

    const accepted = await t.call('POST', tokenUrl(x2Invite.token), { as: 'x2-maker-operator' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data).toEqual({ project_id: alpha.projectId });
    expect((await t.call('GET', `/v1/projects/${alpha.projectId}`, { as: 'x2-maker-operator' })).statusCode).toBe(200);
    const me = (await t.call('GET', '/v1/users/me', { as: 'x2-maker-operator' })).json().data;
    // The invitation said viewer; the account keeps what M's admin gave it, in M.
    expect(slugs(me)).toEqual(['operator']);
    expect(me.company_id).toBe(makerCompanyId);
    expect(await inviteRow(x2Invite.id)).toMatchObject({ status: 'accepted', accepted_by: x2Id });
  });

  it('an admin invitation made before M had a company, used after: refused the same way, and it cannot be resent', async () => {
    const resend = await t.call('PATCH', `/v1/invites/${earlyInvite.id}`, { as: 'alpha-admin', body: { action: 'resend' } });
    expect(resend.statusCode).toBe(422);
    expect(resend.json()).toEqual({ message: adminIntoExistingCompany(makerName), errors: { role: [adminIntoExistingCompany(makerName)] } });
    // The refused resend left the link as it was.
    expect(await preview(earlyInvite.token)).toMatchObject({
      status: 'pending',
      role: 'admin',
      registration: 'existing_company',
      company: { id: makerCompanyId, name: makerName },
    });

    const before = await footprint();
    const res = await t.call('POST', tokenUrl(earlyInvite.token), { body: registration('x3-late-admin') });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: companyOnJigboard(makerName) });
    expect(await footprint()).toEqual(before);
    expect(await usersWithEmail(earlyInvite.email)).toEqual([]);
    expect(await inviteRow(earlyInvite.id)).toEqual({ status: 'pending', accepted_by: null, accepted_at: null, role: 'admin' });

    // Accepted with an account M's admin made, it is no admin invitation at all.
    expect((await addToMaker('x3-maker-viewer', earlyInvite.email, 'viewer')).statusCode).toBe(201);
    expect((await t.call('POST', tokenUrl(earlyInvite.token), { as: 'x3-maker-viewer' })).statusCode).toBe(200);
    const me = (await t.call('GET', '/v1/users/me', { as: 'x3-maker-viewer' })).json().data;
    expect(slugs(me)).toEqual(['viewer']);
    expect(me.company_id).toBe(makerCompanyId);
    const takeOver = await t.call('PATCH', `/v1/users/${people.x1.id}`, {
      as: 'x3-maker-viewer',
      body: { password: 'taken-over-1234', password_confirmation: 'taken-over-1234' },
    });
    expect(takeOver.statusCode).toBe(403);
  });

  it('a new admin invitation naming M is refused with 422 on role, for anyone who asks; the other roles go', async () => {
    for (const inviter of ['alpha-admin', 'root']) {
      const res = await t.call('POST', invitesUrl(), {
        as: inviter,
        body: { email: freshEmail('x4'), role: 'admin', manufacturer_id: makerId },
      });
      expect([inviter, res.statusCode]).toEqual([inviter, 422]);
      expect(res.json().errors).toEqual({ role: [adminIntoExistingCompany(makerName)] });
    }
    expect(adminIntoExistingCompany(makerName)).toMatch(/accepting never makes anyone an admin there/);
    const engineer = await t.call('POST', invitesUrl(), { as: 'alpha-admin', body: { email: freshEmail('x4'), role: 'engineer', manufacturer_id: makerId } });
    expect(engineer.statusCode).toBe(201);
    // An admin of alpha's own company still registers through an invitation.
    const own = await createInvite(t, alpha.projectId, { role: 'admin', email: freshEmail('alpha-new-admin') });
    expect(await preview(own.token)).toMatchObject({ registration: 'open', company: { id: t.companyIds.alpha } });
    const registered = await t.call('POST', tokenUrl(own.token), { body: registration('alpha-new-admin') });
    expect(registered.statusCode).toBe(201);
    expect(registered.json().data.user).toMatchObject({ company_id: t.companyIds.alpha });
    expect(slugs(registered.json().data.user)).toEqual(['admin']);
  });

  it('two registrations at once for a manufacturer without a company: one creates it, the other is refused', async () => {
    const name = `Maker N ${Date.now()}`;
    const maker = await t.call('POST', `/v1/projects/${alpha.projectId}/manufacturers`, { as: 'alpha-admin', body: { name } });
    const id = maker.json().data.id;
    const invites = [
      await createInvite(t, alpha.projectId, { manufacturer_id: id, role: 'admin', email: freshEmail('n1') }),
      await createInvite(t, alpha.projectId, { manufacturer_id: id, role: 'viewer', email: freshEmail('n2') }),
    ];
    const results = await Promise.all(invites.map((invite, i) => t.call('POST', tokenUrl(invite.token), { body: registration(`n-racer-${i}`) })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const winner = results.find((r) => r.statusCode === 201)!.json().data.user;
    const companyId = (await t.db.selectFrom('manufacturers').where('id', '=', id).select('company_id').executeTakeFirstOrThrow()).company_id;
    expect(winner.company_id).toBe(companyId);
    expect(await t.db.selectFrom('users').where('company_id', '=', companyId).select('username').execute()).toEqual([{ username: winner.username }]);
    expect(await t.db.selectFrom('companies').where('name', 'like', `${name}%`).select('id').execute()).toEqual([{ id: companyId }]);
    const loser = invites[results.findIndex((r) => r.statusCode === 409)];
    expect((await inviteRow(loser.id)).status).toBe('pending');
  });
});

describe('accepting into another company\'s project gains no role there', () => {
  it('M\'s admin reads the third company\'s project it accepted; the account M\'s admin made for x2 does not', async () => {
    const x1Email = (await t.db.selectFrom('users').where('id', '=', people.x1.id).select('email').executeTakeFirstOrThrow()).email;
    const invite = await createInvite(t, third.projectId, { email: x1Email, role: 'admin' }, 'beta-admin');
    expect((await t.call('POST', tokenUrl(invite.token), { headers: asX1() })).statusCode).toBe(200);
    expect((await t.call('GET', `/v1/projects/${third.projectId}`, { headers: asX1() })).statusCode).toBe(200);
    const me = (await t.call('GET', '/v1/users/me', { headers: asX1() })).json().data;
    expect([me.company_id, slugs(me)]).toEqual([makerCompanyId, ['admin']]);
    for (const url of [`/v1/projects/${third.projectId}`, `/v1/projects/${third.projectId}/devices`, `/v1/productionbatches/${third.batchId}`]) {
      expect([url, (await t.call('GET', url, { as: 'x2-maker-operator' })).statusCode]).toEqual([url, 404]);
    }
  });

  it('an alpha member invited as admin into beta\'s project reads it, and stays an alpha engineer with no hand in beta', async () => {
    const invite = await createInvite(t, third.projectId, { email: 'alpha-engineer@example.com', role: 'admin' }, 'beta-admin');
    expect((await t.call('POST', tokenUrl(invite.token), { as: 'alpha-engineer' })).statusCode).toBe(200);
    expect((await t.call('GET', `/v1/projects/${third.projectId}`, { as: 'alpha-engineer' })).statusCode).toBe(200);
    const me = (await t.call('GET', '/v1/users/me', { as: 'alpha-engineer' })).json().data;
    expect([me.company_id, slugs(me)]).toEqual([t.companyIds.alpha, ['engineer']]);
    // No role in beta: it neither invites nor reads beta's invitations, users or people.
    const inviting = await t.call('POST', `/v1/projects/${third.projectId}/invites`, {
      as: 'alpha-engineer',
      body: { email: freshEmail('by-member'), role: 'viewer' },
    });
    expect(inviting.statusCode).toBe(403);
    expect((await t.call('GET', `/v1/projects/${third.projectId}/invites`, { as: 'alpha-engineer' })).statusCode).toBe(403);
    expect((await t.call('GET', `/v1/users/${t.userIds['beta-viewer']}`, { as: 'alpha-engineer' })).statusCode).toBe(404);
    const stored = await t.db.selectFrom('user_roles').where('user_id', '=', t.userIds['alpha-engineer']).select('role_id').execute();
    expect(stored).toEqual([{ role_id: t.roleIds.engineer }]);
  });
});

describe('no other call gives a role in another company', () => {
  const newUser = (username: string) => ({
    username,
    email: freshEmail(username),
    password: PASSWORD,
    password_confirmation: PASSWORD,
    role_ids: [t.roleIds.admin],
  });

  it('POST /companies/{id}/users into another company: 404, and nothing is made', async () => {
    const tries: [string, () => number][] = [
      ['alpha-admin', () => t.companyIds.beta],
      ['alpha-admin', () => makerCompanyId],
      ['beta-admin', () => t.companyIds.alpha],
    ];
    for (const [caller, company] of tries) {
      const username = `planted-${caller}-${company()}`;
      const res = await t.call('POST', `/v1/companies/${company()}/users`, { as: caller, body: newUser(username) });
      expect([caller, company(), res.statusCode]).toEqual([caller, company(), 404]);
      expect(await t.db.selectFrom('users').where('username', '=', username).select('id').execute()).toEqual([]);
    }
    const byMakerAdmin = await t.call('POST', `/v1/companies/${t.companyIds.alpha}/users`, { headers: asX1(), body: newUser('planted-by-x1') });
    expect(byMakerAdmin.statusCode).toBe(404);
    expect(await t.db.selectFrom('users').where('username', '=', 'planted-by-x1').select('id').execute()).toEqual([]);
  });

  it('PATCH /users/{id} with role_ids or a password for someone of another company: 404, and nothing changes', async () => {
    const x2Id = (await t.db.selectFrom('users').where('username', '=', 'x2-maker-operator').select('id').executeTakeFirstOrThrow()).id;
    const targets: [string, number][] = [
      ['alpha-admin', t.userIds['beta-viewer']],
      ['alpha-admin', people.x1.id],
      ['alpha-admin', x2Id],
      ['beta-admin', t.userIds['alpha-viewer']],
    ];
    for (const [caller, target] of targets) {
      const roles = await t.call('PATCH', `/v1/users/${target}`, { as: caller, body: { role_ids: [t.roleIds.admin] } });
      expect([caller, target, roles.statusCode]).toEqual([caller, target, 404]);
      const password = await t.call('PATCH', `/v1/users/${target}`, {
        as: caller,
        body: { password: 'taken-over-1234', password_confirmation: 'taken-over-1234' },
      });
      expect([caller, target, password.statusCode]).toEqual([caller, target, 404]);
    }
    const byMakerAdmin = await t.call('PATCH', `/v1/users/${t.userIds['alpha-viewer']}`, { headers: asX1(), body: { role_ids: [t.roleIds.admin] } });
    expect(byMakerAdmin.statusCode).toBe(404);
    const viewer = (await t.call('GET', `/v1/users/${t.userIds['beta-viewer']}`, { as: 'beta-admin' })).json().data;
    expect(slugs(viewer)).toEqual(['viewer']);
    const x2 = (await t.call('GET', `/v1/users/${x2Id}`, { headers: asX1() })).json().data;
    expect(slugs(x2)).toEqual(['operator']);
    for (const username of ['beta-viewer', 'x2-maker-operator']) {
      expect((await t.call('POST', '/v1/login', { body: { username, password: PASSWORD } })).statusCode).toBe(200);
    }
    expect((await t.call('POST', '/v1/login', { body: { username: 'x1-maker-admin', password: 'a-long-password-1' } })).statusCode).toBe(200);
  });

  it('a company admin creates no company and moves nobody between companies', async () => {
    const company = await t.call('POST', '/v1/companies', { as: 'alpha-admin', body: { name: 'Alpha Shadow', type: 'manufacturer' } });
    expect(company.statusCode).toBe(403);
    // company_id is not a field of a user update: a stray one changes nothing.
    const moved = await t.call('PATCH', `/v1/users/${t.userIds['alpha-viewer']}`, { as: 'alpha-admin', body: { company_id: t.companyIds.beta } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.company_id).toBe(t.companyIds.alpha);
  });
});
