import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { FileStore } from '../files/file-store';
import { toCount } from '../db/dialect';
import { DEMO_USERNAMES, seedDemo, type DemoSummary } from './demo';
import { findDemoJig, type DemoJig } from './demo-production';
import { createFirstSuperadmin, type FirstAdmin } from './first-admin';

export type StartOptions = {
  adminUsername?: string;
  adminPassword?: string;
  seedDemo: boolean;
  demoPassword: string;
  /** Where the demo's firmware files go: the server's own file store. */
  files: FileStore;
};

export type StartSeeding = {
  /** Set when the first superadmin was created at this start. */
  firstAdmin?: FirstAdmin;
  /** Set when the demo data was created at this start. */
  demoSeeded: boolean;
  /** Demo logins present in the database (created now or on an earlier start). */
  demoUsernames: string[];
  /** What the demo seed made, when it ran at this start. */
  demo?: DemoSummary;
  /** The demo jig with its signature, while it exists (a person can post a report with it). */
  demoJig?: DemoJig;
};

/**
 * What a start does to the data: on an empty database, the first superadmin and (unless turned
 * off) the demo companies with Acme's production data. A database with users is never touched, so deleted demo data stays gone.
 */
export async function seedOnStart(db: Kysely<DB>, options: StartOptions): Promise<StartSeeding> {
  const users = await db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const empty = toCount(users?.n) === 0;
  let firstAdmin: FirstAdmin | undefined;
  let demo: DemoSummary | undefined;
  if (empty) {
    // Not one transaction: argon2 hashing inside it would hold SQLite's write lock meanwhile.
    firstAdmin = await createFirstSuperadmin(db, {
      username: options.adminUsername,
      password: options.adminPassword,
    });
    if (options.seedDemo) {
      const superadmin = await db.selectFrom('users').where('username', '=', firstAdmin.username).select('id').executeTakeFirst();
      demo = await seedDemo(db, options.demoPassword, { files: options.files, superadmin: superadmin?.id ?? null });
    }
  }
  const present = await db.selectFrom('users').where('username', 'in', DEMO_USERNAMES).select('username').execute();
  return {
    firstAdmin,
    demoSeeded: empty && options.seedDemo,
    demoUsernames: present.map((r) => r.username),
    demo,
    demoJig: demo?.jig ?? (await findDemoJig(db)),
  };
}
