import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminIntoExistingCompany, invitePreviewSchema } from '../../contract/invites';
import { createInvite, freshEmail, registration, tokenUrl } from './helpers/invites';
import { createProduction, type Production } from './helpers/production';
import { createTestApp, PASSWORD, type TestApp } from './helpers/test-app';

/**
 * README "Access": nobody obtains a role in a company they do not belong to except through a
 * superadmin or that company's own admins. The whole chain through an invitation that names a
 * manufacturer, and the other calls that hand out roles.
 */
let t: TestApp;
let alpha: Production;
let third: Production;
let makerId: number;
const makerName = `Maker M ${Date.now()}`;
/** x1: M's first admin; x3: registered through an admin invite made before M's company existed. */
const people = { x1: { id: 0, token: '' }, x3: { id: 0, token: '' } };
let makerCompanyId: number;
let earlyInvite: { id: number; token: string };

const as = (who: keyof typeof people) => ({ authorization: `Bearer ${people[who].token}` });
const invitesUrl = () => `/v1/projects/${alpha.projectId}/invites`;

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

describe('an admin invitation naming a manufacturer', () => {
  it('makes the first person who registers the admin of the manufacturer company it creates', async () => {
    const invite = await createInvite(t, alpha.projectId, { manufacturer_id: makerId, role: 'admin', email: freshEmail('x1') });
    expect((await t.call('GET', tokenUrl(invite.token))).json().data).toMatchObject({ role: 'admin', invited_role: 'admin', company: { id: null } });
    const res = await t.call('POST', tokenUrl(invite.token), { body: registration('x1-maker-admin') });
    expect(res.statusCode).toBe(201);
    const { user, token } = res.json().data;
    expect(user.roles.map((r: { slug: string }) => r.slug)).toEqual(['admin']);
    expect(user.company).toMatchObject({ name: makerName, type: 'manufacturer' });
    expect(user.company_id).not.toBe(t.companyIds.alpha);
    people.x1 = { id: user.id, token };
    makerCompanyId = user.company_id;
  });

  it('is refused with 422 on role once the manufacturer has its company, for anyone who asks', async () => {
    for (const inviter of ['alpha-admin', 'root']) {
      const res = await t.call('POST', invitesUrl(), {
        as: inviter,
        body: { email: freshEmail('x2'), role: 'admin', manufacturer_id: makerId },
      });
      expect([inviter, res.statusCode]).toEqual([inviter, 422]);
      expect(res.json().errors).toEqual({ role: [adminIntoExistingCompany(makerName)] });
    }
    expect(adminIntoExistingCompany(makerName)).toMatch(/only its admins make someone an admin there/);
    // The other roles still reach M's people; an admin of alpha's own company still works too.
    const engineer = await t.call('POST', invitesUrl(), { as: 'alpha-admin', body: { email: freshEmail('x2'), role: 'engineer', manufacturer_id: makerId } });
    expect(engineer.statusCode).toBe(201);
    const own = await t.call('POST', invitesUrl(), { as: 'alpha-admin', body: { email: freshEmail('x2'), role: 'admin' } });
    expect(own.statusCode).toBe(201);
  });

  it('made before that company existed: cannot be resent, and its preview says the account will be a viewer', async () => {
    const resend = await t.call('PATCH', `/v1/invites/${earlyInvite.id}`, { as: 'alpha-admin', body: { action: 'resend' } });
    expect(resend.statusCode).toBe(422);
    expect(resend.json()).toEqual({ message: adminIntoExistingCompany(makerName), errors: { role: [adminIntoExistingCompany(makerName)] } });
    // The refused resend left the link as it was.
    const preview = await t.call('GET', tokenUrl(earlyInvite.token));
    expect(preview.statusCode).toBe(200);
    expect(invitePreviewSchema.strict().parse(preview.json().data)).toMatchObject({
      status: 'pending',
      role: 'viewer',
      invited_role: 'admin',
      company: { id: makerCompanyId, name: makerName },
    });
  });

  it('made before that company existed and used after: registers a viewer of it', async () => {
    const res = await t.call('POST', tokenUrl(earlyInvite.token), { body: registration('x3-late-admin') });
    expect(res.statusCode).toBe(201);
    const { user, token } = res.json().data;
    expect(user.company_id).toBe(makerCompanyId);
    expect(user.roles.map((r: { slug: string }) => r.slug)).toEqual(['viewer']);
    people.x3 = { id: user.id, token };
    const stored = await t.db.selectFrom('invites').where('id', '=', earlyInvite.id).select(['status', 'accepted_by', 'role']).executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'accepted', accepted_by: user.id, role: 'admin' });
  });
});

describe('the account an old admin invite made in an existing company', () => {
  it('cannot reset the password of, or take roles from, that company\'s people (403)', async () => {
    const password = { password: 'taken-over-1234', password_confirmation: 'taken-over-1234' };
    expect((await t.call('PATCH', `/v1/users/${people.x1.id}`, { headers: as('x3'), body: password })).statusCode).toBe(403);
    const self = await t.call('PATCH', `/v1/users/${people.x3.id}`, { headers: as('x3'), body: { role_ids: [t.roleIds.admin] } });
    expect(self.statusCode).toBe(403);
    // x1 still logs in with the old password.
    expect((await t.call('POST', '/v1/login', { body: { username: 'x1-maker-admin', password: 'a-long-password-1' } })).statusCode).toBe(200);
  });

  it('cannot create users in that company (403)', async () => {
    const res = await t.call('POST', `/v1/companies/${makerCompanyId}/users`, {
      headers: as('x3'),
      body: { username: 'x3-sidekick', email: freshEmail('sidekick'), password: PASSWORD, password_confirmation: PASSWORD, role_ids: [t.roleIds.admin] },
    });
    expect(res.statusCode).toBe(403);
    expect(await t.db.selectFrom('users').where('username', '=', 'x3-sidekick').select('id').execute()).toEqual([]);
  });

  it('cannot read a third company\'s project that the company\'s admin was invited into (404)', async () => {
    const x1Email = (await t.db.selectFrom('users').where('id', '=', people.x1.id).select('email').executeTakeFirstOrThrow()).email;
    const invite = await createInvite(t, third.projectId, { email: x1Email }, 'beta-admin');
    expect((await t.call('POST', tokenUrl(invite.token), { headers: as('x1') })).statusCode).toBe(200);
    expect((await t.call('GET', `/v1/projects/${third.projectId}`, { headers: as('x1') })).statusCode).toBe(200);
    for (const url of [`/v1/projects/${third.projectId}`, `/v1/projects/${third.projectId}/devices`, `/v1/productionbatches/${third.batchId}`]) {
      expect([url, (await t.call('GET', url, { headers: as('x3') })).statusCode]).toEqual([url, 404]);
    }
  });

  it('gets more only from that company\'s own admin or a superadmin', async () => {
    const byOwnAdmin = await t.call('PATCH', `/v1/users/${people.x3.id}`, { headers: as('x1'), body: { role_ids: [t.roleIds.engineer] } });
    expect(byOwnAdmin.statusCode).toBe(200);
    expect(byOwnAdmin.json().data.roles.map((r: { slug: string }) => r.slug)).toEqual(['engineer']);
    const byAlphaAdmin = await t.call('PATCH', `/v1/users/${people.x3.id}`, { as: 'alpha-admin', body: { role_ids: [t.roleIds.admin] } });
    expect(byAlphaAdmin.statusCode).toBe(404);
    const byRoot = await t.call('PATCH', `/v1/users/${people.x3.id}`, { as: 'root', body: { role_ids: [t.roleIds.admin] } });
    expect(byRoot.statusCode).toBe(200);
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
    const byMakerAdmin = await t.call('POST', `/v1/companies/${t.companyIds.alpha}/users`, { headers: as('x1'), body: newUser('planted-by-x1') });
    expect(byMakerAdmin.statusCode).toBe(404);
  });

  it('PATCH /users/{id} with role_ids or a password for someone of another company: 404, and nothing changes', async () => {
    const targets: [string, number][] = [
      ['alpha-admin', t.userIds['beta-viewer']],
      ['alpha-admin', people.x1.id],
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
    const byMakerAdmin = await t.call('PATCH', `/v1/users/${t.userIds['alpha-viewer']}`, { headers: as('x1'), body: { role_ids: [t.roleIds.admin] } });
    expect(byMakerAdmin.statusCode).toBe(404);
    const viewer = (await t.call('GET', `/v1/users/${t.userIds['beta-viewer']}`, { as: 'beta-admin' })).json().data;
    expect(viewer.roles.map((r: { slug: string }) => r.slug)).toEqual(['viewer']);
    expect((await t.call('POST', '/v1/login', { body: { username: 'beta-viewer', password: PASSWORD } })).statusCode).toBe(200);
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
