import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectOf } from '../../server/db/dialect';
import { resolveScope } from '../../server/http/scopes';
import { createProduction, type Production } from './helpers/production';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * A project's device page begun beside the project's read (the route's `early`, route.ts): on
 * PostgreSQL its statement goes out before the project row is in. The answers are those of a page
 * begun after it, and a caller who may not see the project gets the 404 it got before, as soon as
 * the row is in.
 */
let t: TestApp;
let p: Production;
const SERIALS = ['ER-1', 'ER-2', 'ER-3', 'ER-4', 'ER-5'];

beforeAll(async () => {
  t = await createTestApp();
  p = await createProduction(t, 'alpha', { project: 'Early reads' });
  for (const [i, serial] of SERIALS.entries()) expect((await p.report({ serial, result: i === 1 ? 'fail' : 'pass' })).statusCode).toBe(201);
  for (const user of ['alpha-viewer', 'beta-viewer']) await t.login(user);
});
afterAll(() => t?.close());

const devices = (query: string, as: string) => t.call('GET', `/v1/projects/${p.projectId}/devices${query}`, { as });

/** Settles `call`, or fails after `ms` saying what it waited for. */
const within = <T>(call: Promise<T>, ms: number, what: string) =>
  Promise.race([call, new Promise<never>((_, fail) => setTimeout(() => fail(new Error(`${what}: no answer in ${ms} ms`)), ms))]);

/**
 * A read of the project's row under way (the one the next page requests join), answered with the
 * real row only when `answer` is called.
 */
function heldProjectRead() {
  let release!: () => void;
  const gate = new Promise<void>((open) => (release = open));
  const read = t.app.sharedReads.read(`project:${p.projectId}`, async () => {
    await gate;
    return resolveScope(t.db, 'project', String(p.projectId), null);
  });
  return { answer: release, read };
}

/**
 * The devices table locked by a transaction of the test's own, until `release`. `waiters` says
 * how many statements wait for it, waiting up to 3 s for the first to arrive.
 */
async function lockDevices() {
  let release!: () => void;
  const released = new Promise<void>((done) => (release = done));
  let locked!: () => void;
  const ready = new Promise<void>((done) => (locked = done));
  let count = async () => 0;
  const transaction = t.db.connection().execute(async (conn) => {
    await sql`begin`.execute(conn);
    await sql`lock table devices in access exclusive mode`.execute(conn);
    count = async () => {
      const { rows } = await sql<{ n: string }>`select count(*) as n from pg_locks where not granted and relation = 'devices'::regclass`.execute(conn);
      return Number(rows[0].n);
    };
    locked();
    await released;
    await sql`commit`.execute(conn);
  });
  await Promise.race([ready, transaction]);
  return {
    async waiters() {
      for (let tries = 0; tries < 60; tries++) {
        const n = await count();
        if (n > 0) return n;
        await new Promise((wait) => setTimeout(wait, 50));
      }
      return 0;
    },
    async release() {
      release();
      await transaction;
    },
  };
}

describe("a project's device page begun beside the project's read", () => {
  it("answers what a page read after the row answered: rows, totals, filters, another caller's 404", async () => {
    const all = await devices('?sortby=serial&limit=2&page=2', 'alpha-viewer');
    expect(all.statusCode).toBe(200);
    expect(all.json().data.map((d: { serial: string }) => d.serial)).toEqual(['ER-3', 'ER-4']);
    expect(all.json().meta).toEqual({ page: 2, limit: 2, total: SERIALS.length });
    // The unfiltered total comes off the project row; a filtered one is counted.
    expect((await devices('?status=failed', 'alpha-viewer')).json().meta.total).toBe(1);
    expect((await devices('?search=er-5', 'alpha-viewer')).json().data.map((d: { serial: string }) => d.serial)).toEqual(['ER-5']);
    // Past the end: the field error the total gives, as before.
    const past = await devices('?page=9&limit=25', 'alpha-viewer');
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.page).toEqual(['Page 9 is past the last page (1).']);
    // Whoever may not see the project learns nothing, a bad query included (access comes first).
    expect((await devices('', 'beta-viewer')).statusCode).toBe(404);
    expect((await devices('?limit=banana', 'beta-viewer')).statusCode).toBe(404);
    expect((await devices('?limit=banana', 'alpha-viewer')).statusCode).toBe(422);
    expect((await t.call('GET', '/v1/projects/999999/devices', { as: 'alpha-viewer' })).statusCode).toBe(404);
  });

  it("sends the page's statement while the project's row is being read; a stranger's 404 never waits for it", async () => {
    const postgres = dialectOf(t.db) === 'postgres';
    // On PostgreSQL the devices table is locked meanwhile, so a page statement that went out waits
    // there, where the database shows it (pg_locks), whatever this process says of itself.
    const lock = postgres ? await lockDevices() : undefined;
    const held = heldProjectRead();
    const owner = devices('?sortby=serial&limit=25', 'alpha-viewer');
    try {
      if (lock) expect(await lock.waiters(), "the page's statement at the database before the project row is in").toBeGreaterThan(0);
      held.answer();
      await held.read;
      // A stranger's request reads the row afresh and begins its page too: the 404 comes when the
      // row is in, though its page statement (on PostgreSQL) still waits for the lock.
      const stranger = await within(devices('?sortby=serial', 'beta-viewer'), 3_000, "the stranger's 404");
      expect(stranger.statusCode).toBe(404);
    } finally {
      held.answer();
      await lock?.release();
    }
    const page = await within(owner, 5_000, "the owner's page");
    expect(page.statusCode).toBe(200);
    expect(page.json().data.map((d: { serial: string }) => d.serial)).toEqual(SERIALS);
    expect(page.json().meta.total).toBe(SERIALS.length);
  });
});
