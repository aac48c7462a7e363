import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { HttpError } from '../http/errors';

/**
 * Login throttling as OWASP's authentication cheat sheet has it: failures are counted per
 * (username, client address) and per client address, never per username alone, so a stranger
 * guessing `root`'s password from one address cannot lock `root` out everywhere else. Over a
 * threshold the next attempt waits, and the wait doubles with every further failure up to a cap.
 * The failures live in the database so every replica behind a load balancer counts alike.
 */
export type ThrottleLimits = {
  /** Failures of one username from one address before that pair must wait. */
  maxPerUserAndAddress: number;
  /** How long such a failure counts. Longer than `maxDelayMs`, so the waits can grow to the cap. */
  userAndAddressWindowMs: number;
  /** Failures from one address across all usernames (guessing many accounts) before it must wait. */
  maxPerAddress: number;
  /** How long such a failure counts. */
  addressWindowMs: number;
  /** The first wait; each further failure doubles it. */
  firstDelayMs: number;
  maxDelayMs: number;
};

export const DEFAULT_THROTTLE: ThrottleLimits = {
  maxPerUserAndAddress: 5,
  userAndAddressWindowMs: 60 * 60_000,
  maxPerAddress: 20,
  addressWindowMs: 15 * 60_000,
  firstDelayMs: 60_000,
  maxDelayMs: 30 * 60_000,
};

/**
 * The username as failures are counted: case-insensitive, and cut short so that a login with
 * a megabyte "username" stores a short row (no account has a name that long anyway).
 */
const throttleKey = (username: string) => username.toLowerCase().slice(0, 100);

/** An attempt that may go ahead; it counts as a failure unless `succeeded()` is called. */
export type LoginAttempt = { succeeded(): Promise<void> };

/**
 * Starts a login attempt, or throws the 429 when this pair or address must wait.
 * Called before the password is checked: a throttled guess must not even be tried.
 *
 * The attempt is written as a failure first and the limits are then checked against the rows
 * written before it, so a burst of parallel guesses cannot all pass the check while the slow
 * password hashing keeps any of them from being recorded yet.
 */
export async function startLoginAttempt(
  db: Kysely<DB>,
  limits: ThrottleLimits,
  username: string,
  ip: string,
): Promise<LoginAttempt> {
  const now = Date.now();
  const key = throttleKey(username);
  // Failures older than the longest window count for nothing; pruning here keeps the table small.
  const forgetBefore = now - Math.max(limits.userAndAddressWindowMs, limits.addressWindowMs);
  await db.deleteFrom('login_failures').where('created_at', '<=', iso(forgetBefore)).execute();
  const { id } = await db
    .insertInto('login_failures')
    .values({ username: key, ip, created_at: iso(now) })
    .returning('id')
    .executeTakeFirstOrThrow();

  const earlier = (windowMs: number, pairOnly: boolean) => {
    let query = db
      .selectFrom('login_failures')
      .where('ip', '=', ip)
      .where('id', '<', id)
      .where('created_at', '>', iso(now - windowMs));
    if (pairOnly) query = query.where('username', '=', key);
    return query
      .select((eb) => [eb.fn.countAll<number | string>().as('failures'), eb.fn.max<string | null>('created_at').as('last')])
      .executeTakeFirstOrThrow();
  };
  const [pair, address] = await Promise.all([
    earlier(limits.userAndAddressWindowMs, true),
    earlier(limits.addressWindowMs, false),
  ]);
  const waitMs = Math.max(
    waitAfter(limits, limits.maxPerUserAndAddress, pair, now),
    waitAfter(limits, limits.maxPerAddress, address, now),
  );
  if (waitMs > 0) {
    // A refused attempt guessed nothing, so it must not lengthen the wait.
    await db.deleteFrom('login_failures').where('id', '=', id).execute();
    throw tooManyFailures(Math.ceil(waitMs / 1000));
  }
  return {
    // Forgives this pair only: the address keeps its other usernames' failures.
    succeeded: async () => {
      await db.deleteFrom('login_failures').where('ip', '=', ip).where('username', '=', key).execute();
    },
  };
}

/**
 * Milliseconds still to wait after `failures` recent failures, the latest at `last`: none below
 * `max`; at `max` the first delay, doubling per further failure up to the cap.
 */
function waitAfter(
  limits: ThrottleLimits,
  max: number,
  { failures, last }: { failures: number | string; last: string | null },
  now: number,
): number {
  const count = Number(failures); // PostgreSQL answers count(*) as a string
  if (count < max || last === null) return 0;
  const delay = Math.min(limits.maxDelayMs, limits.firstDelayMs * 2 ** Math.min(count - max, 30));
  return Math.max(0, Date.parse(last) + delay - now);
}

function tooManyFailures(retryAfterSeconds: number): HttpError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const when =
    retryAfterSeconds < 60
      ? `${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`
      : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return new HttpError(429, `Too many failed logins. Try again in ${when}.`, undefined, {
    'retry-after': String(retryAfterSeconds),
  });
}

const iso = (ms: number) => new Date(ms).toISOString();
