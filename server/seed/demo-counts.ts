import type { Kysely } from 'kysely';
import { toCount } from '../db/dialect';
import type { DB } from '../db/schema';
import type {} from '../store/enclosure-updates'; // declares enclosure_updates in DB

/** What the start banner says the demo holds, each figure counted in the database. */
export type DemoCounts = {
  companies: number;
  projects: number;
  batches: number;
  releaseBatches: number;
  devices: number;
  reports: number;
  requests: number;
  firmware: number;
};

const TABLES = {
  projects: 'projects',
  batches: 'production_batches',
  releaseBatches: 'release_batches',
  devices: 'devices',
  reports: 'device_reports',
  requests: 'project_requests',
  firmware: 'enclosure_updates',
} as const satisfies Record<Exclude<keyof DemoCounts, 'companies'>, keyof DB>;

/**
 * Counts the rows the demo made, read back from the tables rather than remembered by the seed
 * functions, so the banner stays true whatever a seed adds. Called on a database the demo has
 * just filled, where every row is the demo's; companies leave out the platform's own operator
 * company, which the first superadmin belongs to.
 */
export async function countDemoData(db: Kysely<DB>): Promise<DemoCounts> {
  const companies = await db
    .selectFrom('companies')
    .innerJoin('company_types', 'company_types.id', 'companies.type_id')
    .where('company_types.slug', '!=', 'operator')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  const counts = { companies: toCount(companies?.n) } as DemoCounts;
  for (const [key, table] of Object.entries(TABLES) as [keyof typeof TABLES, (typeof TABLES)[keyof typeof TABLES]][]) {
    const row = await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    counts[key] = toCount(row?.n);
  }
  return counts;
}

/** The banner's line about the demo data. */
export function demoDataLine(counts: DemoCounts, ms: number): string {
  const n = (count: number, one: string, many: string) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
  return (
    `Demo data: ${n(counts.companies, 'company', 'companies')}, ${n(counts.projects, 'project', 'projects')}, ` +
    `${n(counts.batches, 'production batch', 'production batches')}, ${n(counts.releaseBatches, 'release batch', 'release batches')}, ` +
    `${n(counts.devices, 'device', 'devices')}, ${n(counts.reports, 'report', 'reports')}, ` +
    `${n(counts.requests, 'project request', 'project requests')}, ${n(counts.firmware, 'enclosure update', 'enclosure updates')} ` +
    `(seeded in ${(ms / 1000).toFixed(1)} s)`
  );
}
