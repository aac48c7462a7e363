/**
 * `npm run backup -- [--out DIR]`: a consistent copy of the data while the server runs (SQLite's
 * online backup and the files folder, or pg_dump on PostgreSQL), into a new folder, by default
 * `backups/jigboard-<time>`. Run it where the server runs, with the same DATA_DIR or DATABASE_URL.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { takeBackup } from '../server/backup/backup';
import { readEnv } from '../server/env';

const usage = 'usage: npm run backup -- [--out DIR]   (uses DATA_DIR or DATABASE_URL like the server)';

const { values } = parseArgs({
  options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
  strict: true,
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}

const env = readEnv();
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
const out = path.resolve(values.out ?? path.join('backups', `jigboard-${stamp}`));
const manifest = await takeBackup({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, out });
console.log(`Backup of ${manifest.database} with ${manifest.folder_files} files from the folder store written to ${out}`);
