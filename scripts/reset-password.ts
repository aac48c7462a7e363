/**
 * `npm run reset-password -- <username> [--password P]`: the way back in when an admin's
 * password is lost. Run it where the server runs, with the same DATA_DIR or DATABASE_URL; it
 * prints a new generated password (or sets P), ends that user's sessions and clears its login
 * throttle. Nothing else changes.
 */
import { parseArgs } from 'node:util';
import { PasswordTooShort, resetPassword, UnknownUser } from '../server/auth/reset-password';
import { migrateToLatest } from '../server/db/migrate';
import { databaseSpecFor, openDatabase } from '../server/db/open';
import { readEnv } from '../server/env';

const usage = 'usage: npm run reset-password -- <username> [--password P]   (uses DATA_DIR or DATABASE_URL like the server)';

const { values, positionals } = parseArgs({
  options: { password: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
  allowPositionals: true,
  strict: true,
});

if (values.help || positionals.length !== 1) {
  console.log(usage);
  process.exit(values.help ? 0 : 2);
}

const env = readEnv();
const spec = databaseSpecFor(env.DATABASE_URL, env.DATA_DIR);
const db = openDatabase(spec);
try {
  await migrateToLatest(db);
  const reset = await resetPassword(db, positionals[0], values.password);
  const where = spec.kind === 'sqlite' ? spec.file : 'PostgreSQL (DATABASE_URL)';
  console.log(
    reset.generated
      ? `New password for ${reset.username}: ${reset.password}\n(in ${where}; shown only this once; every session of ${reset.username} has ended)`
      : `The password of ${reset.username} is set (in ${where}); every session of ${reset.username} has ended.`,
  );
} catch (error) {
  if (error instanceof UnknownUser || error instanceof PasswordTooShort) {
    console.error(error.message);
    process.exitCode = 1;
  } else throw error;
} finally {
  await db.destroy();
}
