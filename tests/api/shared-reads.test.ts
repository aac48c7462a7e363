import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectOf } from '../../server/db/dialect';
import { createProduction, type Production } from './helpers/production';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * A scope's row read once for the requests that ask for it at once (server/http/shared-reads.ts):
 * each request is still judged on its own, and none gets a row read before a write it made.
 */
let t: TestApp;
let p: Production;

beforeAll(async () => {
  t = await createTestApp();
  p = await createProduction(t, 'alpha', { project: 'Shared reads' });
  for (const serial of ['SR-1', 'SR-2']) expect((await p.report({ serial })).statusCode).toBe(201);
  for (const user of ['alpha-viewer', 'beta-viewer', 'alpha-admin']) await t.login(user);
});
afterAll(() => t?.close());

/**
 * `body` with a read of the project under way, begun before it and answering only when `body`
 * is done: any request in `body` that joined it would wait for it.
 */
async function withStaleRead(body: () => Promise<void>) {
  let answerStale!: (found: unknown) => void;
  const stale = t.app.sharedReads.read(`project:${p.projectId}`, () => new Promise((answer) => (answerStale = answer)));
  try {
    await body();
  } finally {
    answerStale(undefined);
    await stale;
  }
}

/** A request that joined the stale read fails in seconds, saying so, rather than hang. */
const unshared = <T>(call: Promise<T>, what: string) =>
  Promise.race([call, new Promise<never>((_, fail) => setTimeout(() => fail(new Error(`${what} joined the read begun before the write`)), 3_000))]);

describe("a scope's row asked for at once", () => {
  it('is judged per request: the owner sees the project, a stranger gets 404, whoever read it', async () => {
    const before = { ...t.app.sharedReads.stats };
    const callers = Array.from({ length: 12 }, (_, i) => (i % 3 === 2 ? 'beta-viewer' : 'alpha-viewer'));
    const answers = await Promise.all(callers.map((as) => t.call('GET', `/v1/projects/${p.projectId}/devices`, { as })));
    answers.forEach((res, i) => {
      if (callers[i] === 'beta-viewer') {
        expect(res.statusCode, `stranger ${i}`).toBe(404);
      } else {
        expect(res.statusCode, `owner ${i}`).toBe(200);
        expect(res.json().meta.total).toBe(2);
      }
    });
    const reads = t.app.sharedReads.stats.reads - before.reads;
    const shared = t.app.sharedReads.stats.shared - before.shared;
    expect(reads + shared).toBe(callers.length);
    // PostgreSQL's read is a round trip, during which the other requests arrive.
    if (dialectOf(t.db) === 'postgres') expect(shared).toBeGreaterThan(0);
  });

  it('is never shared with a write, nor across one: a read begun before it stays its own', async () => {
    await withStaleRead(async () => {
      const name = `Renamed ${Date.now()}`;
      // A write reads the row it acts on itself.
      const renamed = await unshared(t.call('PATCH', `/v1/projects/${p.projectId}`, { as: 'alpha-admin', body: { name } }), 'the rename');
      expect(renamed.statusCode).toBe(200);
      // And a read after the write never takes the answer of one begun before it.
      const after = await unshared(t.call('GET', `/v1/projects/${p.projectId}`, { as: 'alpha-viewer' }), 'the read after the rename');
      expect(after.json().data.name).toBe(name);
    });
  });

  it("is never shared across a jig's report: the page read after its answer counts the new board", async () => {
    const page = () => t.call('GET', `/v1/projects/${p.projectId}/devices`, { as: 'alpha-viewer' });
    const before = (await page()).json().meta.total;
    await withStaleRead(async () => {
      expect((await p.report({ serial: `SR-NEW-${Date.now()}` })).statusCode).toBe(201);
      // The total is the project row's counter: a row read before the report would say one fewer.
      const after = await unshared(page(), 'the page read after the report');
      expect(after.json().meta.total).toBe(before + 1);
    });
  });

  it("hands each request a copy of its own, so one handler's row is not another's", async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => t.call('GET', `/v1/projects/${p.projectId}`, { as: 'alpha-viewer' })));
    const bodies = answers.map((res) => res.body);
    expect(new Set(bodies).size).toBe(1);
    expect(answers[0].json().data.id).toBe(p.projectId);
  });
});
