import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { FixtureDimension } from '../../contract/fixture-health';
import type { DB } from '../db/schema';
import { jigRunsByDay, jigStepFailures, type HealthRange } from '../store/fixture-health';
import { companyJigName } from '../store/jig-names';

/**
 * How each split of fixture health finds its key and its counts. A new dimension (cassette,
 * cartridge, calibration age, contact-cycle band, pad group) is one more entry here and one
 * more value in contract FIXTURE_DIMENSIONS:
 * - `key`: the run's key as SQL over the alias of device_reports (through `r.fixture_id` →
 *   fixtures / fixture_cartridges for the fixture's parts; a band is a `case` over a count);
 * - `runsByDay` / `stepFailures`: the denominators per key, from a tally where one exists (the
 *   jig's daily slices) or counted over the range's runs with the same key;
 * - `names`: what a key is called in the answer.
 * The false-fail rule itself (store/fixture-health.ts) never changes: it groups by `key`.
 */
export type RunsOfDay = { key: number; day: string; runs: number; failed: number; first_tests: number; first_passes: number };

export type Dimension = {
  key: (r: string) => RawBuilder<number>;
  runsByDay: (db: Kysely<DB>, range: HealthRange, from: string, to: string) => Promise<RunsOfDay[]>;
  stepFailures: (db: Kysely<DB>, range: HealthRange, from: string, to: string) => Promise<{ key: number; step: string; failures: number }[]>;
  names: (db: Kysely<DB>, companyId: number, keys: number[]) => Promise<Map<number, { name: string; detail: string }>>;
};

export const DIMENSIONS: Record<FixtureDimension, Dimension> = {
  jig: {
    key: (r) => sql<number>`coalesce(${sql.ref(`${r}.enclosure_id`)}, 0)`,
    runsByDay: jigRunsByDay,
    stepFailures: jigStepFailures,
    names: async (db, companyId, keys) => {
      if (!keys.length) return new Map();
      const rows = await db
        .selectFrom('enclosures')
        .where('id', 'in', keys)
        .select(['id', 'serial', companyJigName('enclosures', companyId).as('name')])
        .execute();
      return new Map(rows.map((r) => [r.id, { name: r.name, detail: r.serial }]));
    },
  },
};
