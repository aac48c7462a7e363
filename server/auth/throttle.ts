import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export type ThrottleLimits = {
  /** Failed logins per username within the window before further attempts are refused. */
  maxPerUser: number;
  /** Failed logins per client address within the window (guessing across many usernames). */
  maxPerIp: number;
  windowMs: number;
};

/**
 * The username as failures are counted: case-insensitive, and cut short so that a login with
 * a megabyte "username" stores a short row (no account has a name that long anyway).
 */
const throttleKey = (username: string) => username.toLowerCase().slice(0, 100);

export const DEFAULT_THROTTLE: ThrottleLimits = { maxPerUser: 5, maxPerIp: 20, windowMs: 15 * 60_000 };

/**
 * Seconds until this username and address may try again, or 0 when they may now. Blocked while
 * `max` failures lie inside the window, i.e. until the max-th most recent one leaves it.
 */
export async function loginRetryAfter(
  db: Kysely<DB>,
  limits: ThrottleLimits,
  username: string,
  ip: string,
): Promise<number> {
  const now = Date.now();
  const since = new Date(now - limits.windowMs).toISOString();
  const blockingFailure = (column: 'username' | 'ip', value: string, max: number) =>
    db
      .selectFrom('login_failures')
      .where(column, '=', value)
      .where('created_at', '>', since)
      .select('created_at')
      .orderBy('created_at', 'desc')
      .limit(1)
      .offset(max - 1)
      .executeTakeFirst();
  const rows = await Promise.all([
    blockingFailure('username', throttleKey(username), limits.maxPerUser),
    blockingFailure('ip', ip, limits.maxPerIp),
  ]);
  const waits = rows
    .filter((row) => row !== undefined)
    .map((row) => Math.ceil((Date.parse(row.created_at) + limits.windowMs - now) / 1000));
  return Math.max(0, ...waits.map((s) => Math.max(1, s)));
}

export async function recordLoginFailure(
  db: Kysely<DB>,
  limits: ThrottleLimits,
  username: string,
  ip: string,
): Promise<void> {
  const now = Date.now();
  await db
    .insertInto('login_failures')
    .values({ username: throttleKey(username), ip, created_at: new Date(now).toISOString() })
    .execute();
  // Failures older than the window count for nothing; pruning here keeps the table small.
  await db
    .deleteFrom('login_failures')
    .where('created_at', '<=', new Date(now - limits.windowMs).toISOString())
    .execute();
}

/** A successful login forgives that username's failures (the address keeps its count). */
export async function clearLoginFailures(db: Kysely<DB>, username: string): Promise<void> {
  await db.deleteFrom('login_failures').where('username', '=', throttleKey(username)).execute();
}
