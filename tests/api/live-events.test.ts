import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvite, registration, tokenUrl } from './helpers/invites';
import { eventually, subscribe, type Subscription } from './helpers/live';
import { createProduction, type Production } from './helpers/production';
import { createTestApp, PASSWORD, type TestApp } from './helpers/test-app';

/**
 * `GET /v1/events`: a stored jig report reaches the open streams of the people who
 * see its project, and nobody else's, over real HTTP as the app reads it.
 */
let t: TestApp;
let alpha: Production;
let beta: Production;
const open: Subscription[] = [];
const listen = async (username: string | null, query = '') => {
  const sub = await subscribe(t.app, username ? await t.login(username) : {}, query);
  open.push(sub);
  return sub;
};

beforeAll(async () => {
  // A short heartbeat so a test sees one; two streams per login so the cap is reachable.
  t = await createTestApp({ live: { heartbeatMs: 300, maxStreamsPerLogin: 2 } });
  alpha = await createProduction(t, 'alpha');
  beta = await createProduction(t, 'beta');
});
afterAll(async () => {
  for (const sub of open) sub.close();
  await t?.close();
});

const eventOf = async (prod: Production, res: { json(): { data: { device_id: number; report_id: number } } }) => ({
  event: 'report',
  data: {
    company_id: (await t.db.selectFrom('projects').where('id', '=', prod.projectId).select('company_id').executeTakeFirstOrThrow()).company_id,
    project_id: prod.projectId,
    production_batch_id: prod.batchId,
    device_id: res.json().data.device_id,
    report_id: res.json().data.report_id,
    enclosure_id: prod.jig.id,
  },
});

describe('GET /v1/events', () => {
  it('answers a stream with ready, then heartbeats, and refuses no login with 401', async () => {
    const sub = await listen('alpha-viewer');
    expect(sub.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(sub.headers.get('cache-control')).toBe('no-store');
    expect(sub.events[0]).toEqual({ event: 'ready', data: { heartbeat_ms: 300 } });
    await eventually(() => sub.comments() >= 2, 3_000);
    sub.close();

    const nobody = await listen(null);
    expect(nobody.status).toBe(401);
    const bad = await listen('root', 'company_id=abc');
    expect(bad.status).toBe(422);
    expect(JSON.parse(bad.body!).errors).toHaveProperty('company_id');
  });

  it("sends a report to its company's people and to a superadmin, and never to another company", async () => {
    const alphaViewer = await listen('alpha-viewer');
    const betaAdmin = await listen('beta-admin');
    const root = await listen('root');
    const rootOnBeta = await listen('root', `company_id=${t.companyIds.beta}`);

    const first = await alpha.report({ serial: 'LIVE-A-1', result: 'fail' });
    expect(first.statusCode).toBe(201);
    const alphaEvent = await eventOf(alpha, first);
    expect(await alphaViewer.next()).toEqual(alphaEvent);
    expect(await root.next()).toEqual(alphaEvent);

    // Events arrive in order: if Beta's people had been sent Alpha's report, it would come first.
    const second = await beta.report({ serial: 'LIVE-B-1' });
    expect(second.statusCode).toBe(201);
    const betaEvent = await eventOf(beta, second);
    expect(await betaAdmin.next()).toEqual(betaEvent);
    expect(await rootOnBeta.next()).toEqual(betaEvent);
    expect(await root.next()).toEqual(betaEvent);
    // And Alpha's people never hear Beta's: their next event is Alpha's next report.
    const third = await alpha.report({ serial: 'LIVE-A-2' });
    expect(await alphaViewer.next()).toEqual(await eventOf(alpha, third));
  });

  it("sends a project's reports to a member from another company, and only that project's", async () => {
    const invite = await createInvite(t, alpha.projectId, { manufacturer_id: alpha.manufacturerId, role: 'viewer' });
    const registered = await t.call('POST', tokenUrl(invite.token), { body: registration('live-maker', PASSWORD) });
    expect(registered.statusCode).toBe(201);
    const member = await listen('live-maker');
    const otherAlpha = await createProduction(t, 'alpha');

    const elsewhere = await otherAlpha.report({ serial: 'LIVE-OTHER-1' });
    expect(elsewhere.statusCode).toBe(201);
    const here = await alpha.report({ serial: 'LIVE-A-3' });
    expect(await member.next()).toEqual(await eventOf(alpha, here));
  });

  it('announces nothing for a retried report (same uuid): only what was stored', async () => {
    const sub = await listen('alpha-admin');
    const stored = await alpha.report({ serial: 'LIVE-RETRY', uuid: '3f2c1d9e-8b7a-4c6d-9e5f-112233445566' });
    expect(stored.statusCode).toBe(201);
    expect(await sub.next()).toEqual(await eventOf(alpha, stored));
    const retried = await alpha.report({ serial: 'LIVE-RETRY', uuid: '3f2c1d9e-8b7a-4c6d-9e5f-112233445566' });
    expect(retried.statusCode).toBe(200);
    const refused = await alpha.report({ serial: 'LIVE-REFUSED', production_batch_id: beta.batchId });
    expect(refused.statusCode).toBe(422);
    const next = await alpha.report({ serial: 'LIVE-AFTER-RETRY' });
    expect(await sub.next()).toEqual(await eventOf(alpha, next));
  });

  it('caps the streams of one login, and frees a slot and the subscription when a client leaves', async () => {
    const auth = await t.login('alpha-engineer', { fresh: true });
    const baseline = t.app.live.size;
    const one = await subscribe(t.app, auth);
    const two = await subscribe(t.app, auth);
    open.push(one, two);
    const three = await subscribe(t.app, auth);
    expect(three.status).toBe(429);
    expect(three.headers.get('retry-after')).toBe('30');
    expect(JSON.parse(three.body!).message).toMatch(/already holds 2 live result streams/);
    // Another login of the same person is another browser: not capped by this one.
    const elsewhere = await subscribe(t.app, await t.login('alpha-engineer', { fresh: true }));
    expect(elsewhere.status).toBe(200);
    elsewhere.close();

    one.close();
    two.close();
    await eventually(() => t.app.live.size === baseline);
    const again = await subscribe(t.app, auth);
    open.push(again);
    expect(again.status).toBe(200);
  });
});

describe('GET /v1/events: the stream ends', () => {
  let short: TestApp;
  beforeAll(async () => {
    short = await createTestApp({ live: { maxStreamMs: 1_500 } });
  });
  afterAll(() => short?.close());

  it('after its lifetime, saying bye first so the client opens the next one in time', async () => {
    const sub = await subscribe(short.app, await short.login('alpha-viewer'));
    expect(sub.status).toBe(200);
    expect(await sub.next(2_000)).toEqual({ event: 'bye', data: {} });
    // Still open for the hand-off: a report now is heard on this stream.
    const prod = await createProduction(short, 'alpha');
    const res = await prod.report({ serial: 'LIVE-HANDOFF' });
    expect(await sub.next()).toMatchObject({ event: 'report', data: { device_id: res.json().data.device_id } });
    await sub.ended;
    expect(short.app.streams.size).toBe(0);
    expect(short.app.live.size).toBe(0);
  });

  it('when the server closes, instead of holding the shutdown', async () => {
    const long = await createTestApp({ live: { maxStreamMs: 60_000 } });
    const sub = await subscribe(long.app, await long.login('alpha-viewer'));
    const started = Date.now();
    await long.close();
    await sub.ended;
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
