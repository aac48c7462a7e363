/**
 * `npm run restore -- <backup folder> [--force]`: puts a backup from `npm run backup` back into
 * the DATA_DIR or DATABASE_URL the server uses. Stop the server (every replica) first. Data that
 * is already there is replaced only with --force.
 */
import { parseArgs } from 'node:util';
import { restoreBackup, RestoreRefused } from '../server/backup/restore';
import { readEnv } from '../server/env';

const usage = 'usage: npm run restore -- <backup folder> [--force]   (into DATA_DIR or DATABASE_URL like the server)';

const { values, positionals } = parseArgs({
  options: { force: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
  allowPositionals: true,
  strict: true,
});
if (values.help || positionals.length !== 1) {
  console.log(usage);
  process.exit(values.help ? 0 : 2);
}

const env = readEnv();
try {
  const manifest = await restoreBackup({ from: positionals[0]!, databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, force: values.force });
  console.log(`Restored the ${manifest.database} backup of ${manifest.created_at}; start the server to use it.`);
} catch (error) {
  if (!(error instanceof RestoreRefused)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
