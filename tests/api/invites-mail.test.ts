import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companyOnJigboard, INVITE_MAIL_FAILED, inviteEmailedSchema } from '../../contract/invites';
import { smtpMailer, type Mailer } from '../../server/mail/mailer';
import { freshEmail, registration, tokenUrl } from './helpers/invites';
import { createProduction, type Production } from './helpers/production';
import { SMTP_USER, startTestSmtp, type TestSmtp } from './helpers/smtp';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * With a mail server (`SMTP_URL`), an invitation goes by email to the invitee and the inviter
 * never sees its link; a letter that cannot be sent leaves nothing behind.
 */
const PUBLIC_URL = 'https://jigboard.test';
const FROM = 'invites@jigboard.test';

let t: TestApp;
let smtp: TestSmtp;
let alpha: Production;
/** The mailer the app holds sends through `transport`, so a test can point it at a dead port. */
let transport: Mailer;

beforeAll(async () => {
  smtp = await startTestSmtp();
  transport = smtpMailer(smtp.url, `Jigboard <${FROM}>`);
  t = await createTestApp({ mailer: { send: (mail) => transport.send(mail) }, publicUrl: `${PUBLIC_URL}/` });
  alpha = await createProduction(t, 'alpha', { project: 'Mailed Project' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
beforeEach(() => {
  smtp.mode = 'accept';
  transport = smtpMailer(smtp.url, `Jigboard <${FROM}>`);
});

const LINK = /https:\/\/jigboard\.test\/register\?token=([A-Za-z0-9_%-]+)/;
/** The token of the link in the last letter to `email`. */
function tokenMailedTo(email: string): string {
  const letter = smtp.received.filter((m) => m.to.includes(email)).at(-1);
  if (!letter) throw new Error(`no letter to ${email}`);
  return decodeURIComponent(LINK.exec(letter.text)![1]);
}
const invite = (email: string, body: object = {}) =>
  t.call('POST', `/v1/projects/${alpha.projectId}/invites`, { as: 'alpha-engineer', body: { email, role: 'operator', ...body } });
const resend = (id: number) => t.call('PATCH', `/v1/invites/${id}`, { as: 'alpha-admin', body: { action: 'resend' } });
const invitesTo = (email: string) => t.db.selectFrom('invites').where('email', '=', email).selectAll().execute();

describe('with a mail server', () => {
  it('emails the register link to the invitee; the answer carries no token', async () => {
    const email = freshEmail('mailed');
    const res = await invite(email);
    expect(res.statusCode).toBe(201);
    const sent = inviteEmailedSchema.strict().parse(res.json().data);
    expect(sent).toMatchObject({ delivery: 'email', email, role: 'operator', status: 'pending' });
    expect(res.json().data).not.toHaveProperty('token');

    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
    const letter = smtp.received.at(-1)!;
    expect(letter).toMatchObject({ from: FROM, to: [email], user: SMTP_USER });
    expect(letter.headers).toMatch(/^subject: Invitation to Mailed Project on Jigboard$/im);
    expect(letter.text).toContain('alpha-engineer invited you to the project "Mailed Project"');
    expect(letter.text).toContain('joins Alpha Boards as an operator');
    const token = tokenMailedTo(email);
    expect(res.body).not.toContain(token);

    // The emailed link is the one that works.
    expect((await t.call('GET', tokenUrl(token))).json().data).toMatchObject({ status: 'pending', email });
    const registered = await t.call('POST', tokenUrl(token), { body: registration(`mailed-${sent.id}`) });
    expect(registered.statusCode).toBe(201);
    expect(registered.json().data.user.roles.map((r: { slug: string }) => r.slug)).toEqual(['operator']);
  });

  it('resends by email: a new working link, and the old one stops working', async () => {
    const email = freshEmail('resent');
    const { id } = (await invite(email)).json().data;
    const first = tokenMailedTo(email);
    const res = await resend(id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ delivery: 'email', id });
    expect(res.json().data).not.toHaveProperty('token');
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(2);
    const second = tokenMailedTo(email);
    expect(second).not.toBe(first);
    expect(smtp.received.at(-1)!.text).toContain('which no longer works');
    expect((await t.call('GET', tokenUrl(first))).statusCode).toBe(404);
    expect((await t.call('GET', tokenUrl(second))).json().data.status).toBe('pending');
  });

  it('into a manufacturer\'s existing company: the letter asks for an account there and offers no registration', async () => {
    // The first of the manufacturer's people creates its company.
    const firstEmail = freshEmail('maker-first');
    const first = await invite(firstEmail, { role: 'engineer', manufacturer_id: alpha.manufacturerId });
    expect(first.statusCode).toBe(201);
    expect(smtp.received.at(-1)!.text).toContain('Open this link to create your account');
    const registered = await t.call('POST', tokenUrl(tokenMailedTo(firstEmail)), { body: registration(`maker-first-${first.json().data.id}`) });
    expect(registered.statusCode).toBe(201);
    const company = registered.json().data.user.company.name;

    const email = freshEmail('maker-next');
    expect((await invite(email, { manufacturer_id: alpha.manufacturerId })).statusCode).toBe(201);
    const letter = smtp.received.filter((m) => m.to.includes(email)).at(-1)!;
    expect(letter.text).toContain(companyOnJigboard(company));
    expect(letter.text).not.toContain('create your account');
    expect(letter.text).not.toContain('as an operator');
    expect((await t.call('GET', tokenUrl(tokenMailedTo(email)))).json().data.registration).toBe('existing_company');
  });

  it('sends nothing for a refused invitation', async () => {
    const before = smtp.received.length;
    const res = await invite('not-an-email');
    expect(res.statusCode).toBe(422);
    expect(smtp.received).toHaveLength(before);
  });
});

describe('when the mail server refuses or is not there', () => {
  const deadPort = async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    return port;
  };
  const failures: [string, () => Promise<void>][] = [
    ['refuses the recipient (550)', async () => void (smtp.mode = 'reject')],
    ['does not answer at all', async () => void (transport = smtpMailer(`smtp://127.0.0.1:${await deadPort()}`, FROM))],
  ];

  for (const [how, breakMail] of failures) {
    it(`answers 503 and stores no invitation when the server ${how}`, async () => {
      await breakMail();
      const email = freshEmail('unsent');
      const res = await invite(email);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: INVITE_MAIL_FAILED, request_id: expect.any(String) });
      expect(await invitesTo(email)).toEqual([]);
      // Nothing half-done: once mail works again the same invitation goes through, not "resend it instead".
      smtp.mode = 'accept';
      transport = smtpMailer(smtp.url, FROM);
      expect((await invite(email)).statusCode).toBe(201);
    });

    it(`keeps the earlier link of a resend when the server ${how}`, async () => {
      const email = freshEmail('kept');
      const { id } = (await invite(email)).json().data;
      const first = tokenMailedTo(email);
      const [stored] = await invitesTo(email);
      await breakMail();
      const res = await resend(id);
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(INVITE_MAIL_FAILED);
      const [after] = await invitesTo(email);
      expect(after).toEqual(stored);
      expect((await t.call('GET', tokenUrl(first))).json().data.status).toBe('pending');
    });
  }
});
