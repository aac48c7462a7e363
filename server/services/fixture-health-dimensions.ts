import { sql, type Kysely, type RawBuilder } from 'kysely';
import { CALIBRATION_AGE_BANDS, CYCLE_BANDS, NO_CALIBRATION_KEY, NO_RATED_LIFE_KEY, type FixtureDimension } from '../../contract/fixture-health';
import { dialectOf as dialectOfDb, type DialectName } from '../db/dialect';
import type { DB } from '../db/schema';
import { jigRunsByDay, jigStepFailures, type HealthRange, type KeyJoin } from '../store/fixture-health';
import {
  calibrationAgeKey,
  cartridgeJoin,
  cartridgeKey,
  cassetteKey,
  countedRunsByDay,
  countedStepFailures,
  cycleBandKey,
  cycleJoin,
} from '../store/fixture-health-splits';
import { companyJigName, companyJigSettingId } from '../store/jig-names';

/**
 * How each split of fixture health finds its key and its counts. A new dimension is one more
 * entry here and one more value in contract FIXTURE_DIMENSIONS:
 * - `key`: the run's key as SQL over the alias of device_reports (through `r.fixture_id` →
 *   fixtures / fixture_cartridges for the fixture's parts; a band is a `case` over a figure);
 * - `join`: what the key reads beside the run (a run's cartridges: one row, so one key, each);
 * - `runsByDay` / `stepFailures`: the denominators per key, from a tally where one exists (the
 *   jig's daily slices) or counted over the range's runs with the same key (`counted`);
 * - `names`: what a key is called in the answer.
 * The false-fail rule itself (store/fixture-health.ts) never changes: it groups by `key`.
 */
export type RunsOfDay = { key: number; day: string; runs: number; failed: number; first_tests: number; first_passes: number };

/** What a dimension's key and joins may depend on besides the run: the database, and the range (to number only its cartridges' cycles). */
export type KeyContext = { dialect: DialectName; range: HealthRange };

export type Dimension = {
  key: (r: string, context: KeyContext) => RawBuilder<number>;
  /** Joins the key reads (a run's cartridges); a dimension with joins may give a run several keys. */
  join?: (r: string, context: KeyContext) => RawBuilder<unknown>;
  runsByDay: (db: Kysely<DB>, range: HealthRange, from: string, to: string) => Promise<RunsOfDay[]>;
  stepFailures: (db: Kysely<DB>, range: HealthRange, from: string, to: string) => Promise<{ key: number; step: string; failures: number }[]>;
  /** What a key is called; a jig's also names its settings row, which its pages are addressed by. */
  names: (db: Kysely<DB>, companyId: number, keys: number[]) => Promise<Map<number, { name: string; detail: string; setting_id?: number | null }>>;
};

/** Runs and step failures counted over the range's runs with the dimension's own key and joins. */
function counted(key: Dimension['key'], join?: Dimension['join']): Pick<Dimension, 'key' | 'join' | 'runsByDay' | 'stepFailures'> {
  const bound = (db: Kysely<DB>, range: HealthRange) => {
    const context = { dialect: dialectOfDb(db), range };
    const j: KeyJoin = join ? (r) => join(r, context) : () => sql``;
    return [(r: string) => key(r, context), j] as const;
  };
  return {
    key,
    join,
    runsByDay: (db, range) => countedRunsByDay(db, range, ...bound(db, range)),
    stepFailures: (db, range) => countedStepFailures(db, range, ...bound(db, range)),
  };
}

const bandNames = (bands: readonly { key: number; name: string }[], none: { key: number; name: string }) => async () =>
  new Map([...bands, none].map((b) => [b.key, { name: b.name, detail: '' }]));

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
        .select(['id', 'serial', companyJigName('enclosures', companyId).as('name'), companyJigSettingId('enclosures', companyId).as('setting_id')])
        .execute();
      return new Map(rows.map((r) => [r.id, { name: r.name, detail: r.serial, setting_id: r.setting_id === null ? null : Number(r.setting_id) }]));
    },
  },
  cassette: {
    ...counted(cassetteKey),
    names: async (db, _companyId, keys) => {
      const rows = keys.length ? await db.selectFrom('cassettes').where('id', 'in', keys).select(['id', 'serial', 'name']).execute() : [];
      return new Map([[0, { name: 'No cassette', detail: '' }], ...rows.map((r) => [r.id, { name: r.serial, detail: r.name }] as const)]);
    },
  },
  cartridge: {
    ...counted(cartridgeKey, cartridgeJoin),
    names: async (db, _companyId, keys) => {
      if (!keys.length) return new Map();
      const rows = await db
        .selectFrom('cartridges')
        .innerJoin('cartridge_types', 'cartridge_types.id', 'cartridges.cartridge_type_id')
        .where('cartridges.id', 'in', keys)
        .select(['cartridges.id', 'cartridges.serial', 'cartridge_types.name as type'])
        .execute();
      return new Map(rows.map((r) => [r.id, { name: r.serial, detail: r.type }]));
    },
  },
  calibration_age: {
    ...counted((r, { dialect }) => calibrationAgeKey(dialect)(r), cartridgeJoin),
    names: bandNames(CALIBRATION_AGE_BANDS, { key: NO_CALIBRATION_KEY, name: 'Not calibrated' }),
  },
  cycle_band: {
    ...counted(cycleBandKey, (r, { range }) => cycleJoin(range)(r)),
    names: bandNames(CYCLE_BANDS, { key: NO_RATED_LIFE_KEY, name: 'No rated life' }),
  },
};
