/**
 * `npm run seed -- --devices N [options]`: fills a database with Bench Corp's one big project
 * (N devices, ~1.1 reports each) for benchmarks and for trying the app at scale.
 *
 *   --devices N              devices to make (required; 1_000_000 and 1e6 work too)
 *   --data-dir DIR           SQLite in DIR/jigboard.sqlite (default: DATA_DIR, else ./data)
 *   --database-url URL       PostgreSQL instead (default: DATABASE_URL unless --data-dir is given)
 *   --reports-per-device R   average reports per device (default 1.1)
 *   --batches B              production batches to spread the devices over (default 4)
 *   --force                  wipe the bench project's devices first instead of refusing
 *   --password P             the bench user's password when it is created (default: generated)
 *   --keep-indexes           load with every index in place (slower; to compare)
 *
 * The schema is migrated first, with the server's own migrations.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { databaseSpecFor } from '../server/db/open';
import { BenchProjectNotEmpty, bulkSeed } from '../server/seed/bulk';

const { values } = parseArgs({
  options: {
    devices: { type: 'string' },
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    'reports-per-device': { type: 'string' },
    batches: { type: 'string' },
    force: { type: 'boolean', default: false },
    password: { type: 'string' },
    'keep-indexes': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
  strict: true,
});

const usage = 'usage: npm run seed -- --devices N [--data-dir DIR | --database-url URL] [--reports-per-device R] [--batches B] [--force]';
const number = (name: string, raw: string | undefined, min: number): number | undefined => {
  if (raw === undefined) return undefined;
  const n = Number(raw.replace(/_/g, ''));
  if (!Number.isFinite(n) || n < min) {
    console.error(`--${name} must be a number of at least ${min}, not "${raw}"\n${usage}`);
    process.exit(2);
  }
  return n;
};

if (values.help || values.devices === undefined) {
  console.log(usage);
  process.exit(values.help ? 0 : 2);
}
const devices = Math.floor(number('devices', values.devices, 1)!);
const reportsPerDevice = number('reports-per-device', values['reports-per-device'], 1);
const batches = number('batches', values.batches, 1);

const url = values['database-url'] ?? (values['data-dir'] ? undefined : process.env.DATABASE_URL || undefined);
const dataDir = path.resolve(values['data-dir'] ?? process.env.DATA_DIR ?? './data');
const spec = databaseSpecFor(url, dataDir);
const where = spec.kind === 'sqlite' ? spec.file : spec.url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

console.log(`seeding ${devices.toLocaleString('en-US')} devices into ${where}…`);
try {
  const result = await bulkSeed(spec, {
    devices,
    reportsPerDevice,
    batches,
    force: values.force,
    password: values.password,
    keepIndexes: values['keep-indexes'],
    log: (line) => console.log(line),
  });
  const phases = Object.entries(result.phases).map(([k, v]) => `${k} ${v.toFixed(1)} s`).join(', ');
  console.log(
    [
      '',
      `Seeded ${result.devices.toLocaleString('en-US')} devices and ${result.reports.toLocaleString('en-US')} reports in ${result.seconds.toFixed(1)} s (${phases}).`,
      `Project ${result.project_id} "Bench project" of Bench Corp, batches ${result.batch_ids.join(', ')}.`,
      result.user.created
        ? `Login: ${result.user.username} / ${result.user.password}`
        : `Login: ${result.user.username} (existed already; password unchanged)`,
      `Jig ${result.enclosures[0].serial}: x-jig-signature ${result.enclosures[0].signature}`,
    ].join('\n'),
  );
} catch (error) {
  if (error instanceof BenchProjectNotEmpty) {
    console.error(error.message);
    process.exit(3);
  }
  throw error;
}
