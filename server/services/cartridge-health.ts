import { sql, type Kysely } from 'kysely';
import { cycleBucketSize, CYCLE_TREND_BUCKETS, type CartridgeHealth, type CartridgeHealthQuery, type CycleTrendPoint } from '../../contract/cartridge-health';
import { ratio } from '../../contract/figures';
import type { FixtureStep } from '../../contract/fixture-health';
import type { DB } from '../db/schema';
import { falseFailingSteps, falseFailsByDay, type HealthRange } from '../store/fixture-health';
import { cartridgeCyclesJoin, countedRunsByDay, countedStepFailures, cycleBucketKey, oneCartridgeJoin } from '../store/fixture-health-splits';
import { companyJigName, companyJigSettingId } from '../store/jig-names';
import { cartridge as cartridgeOf } from './cartridges';
import { rangeBounds, resolveRange } from './statistics';

/** The whole of time, for the trend over the cartridge's life (ISO texts compare as such). */
const ALL_TIME = { from: '0000-01-01T00:00:00.000Z', until: '9999-12-31T00:00:00.000Z' };

/**
 * One cartridge's fixture health, for the company whose cassette holds it: the range's figures
 * and steps by the same rule and counts as the cartridge split of fixture health, and its false
 * fails over its contact cycles, bucketed (contract/cartridge-health.ts).
 */
export async function cartridgeHealth(db: Kysely<DB>, companyId: number, cartridgeId: number, query: CartridgeHealthQuery): Promise<CartridgeHealth> {
  const { from, to } = resolveRange(query);
  const card = await cartridgeOf(db, cartridgeId);
  const range: HealthRange = { company_id: companyId, ...rangeBounds({ from, to }) };
  const key = () => sql<number>`fc.cartridge_id`;
  const join = oneCartridgeJoin(cartridgeId);
  const size = cycleBucketSize(card.cycles.rated_probe_life_cycles, card.cycles.contact_cycles);
  const lifetime: HealthRange = { company_id: companyId, ...ALL_TIME };
  const [runs, judged, stepFailures, falseSteps, trendRuns, trendJudged, jig, projects] = await Promise.all([
    countedRunsByDay(db, range, key, join),
    falseFailsByDay(db, range, key, join),
    countedStepFailures(db, range, key, join),
    falseFailingSteps(db, range, key, join),
    countedRunsByDay(db, lifetime, cycleBucketKey(size), cartridgeCyclesJoin(cartridgeId)),
    falseFailsByDay(db, lifetime, cycleBucketKey(size), cartridgeCyclesJoin(cartridgeId)),
    card.cassette ? jigOfCassette(db, companyId, card.cassette.id) : Promise.resolve(null),
    projectsOfRuns(db, range, cartridgeId),
  ]);

  const total = (rows: { runs?: number; failed?: number }[], field: 'runs' | 'failed') => rows.reduce((n, r) => n + (r[field] ?? 0), 0);
  const runCount = total(runs, 'runs');
  const fails = judged.reduce((n, j) => n + j.fails, 0);
  const falseFails = judged.reduce((n, j) => n + j.false_fails, 0);
  const falseByStep = new Map(falseSteps.map((s) => [s.step, s.false_fails]));
  const steps: FixtureStep[] = stepFailures
    .filter((s) => s.failures > 0)
    .map((s) => {
      const false_fails = falseByStep.get(s.step) ?? 0;
      return {
        key: cartridgeId,
        step: s.step,
        runs: runCount,
        failures: s.failures,
        pass_rate: runCount ? Math.max(0, 1 - s.failures / runCount) : null,
        false_fails,
        false_fail_share: ratio(false_fails, s.failures),
        cpk: null,
        level: null,
      };
    })
    .sort((a, b) => b.false_fails - a.false_fails || b.failures - a.failures || a.step.localeCompare(b.step));

  const buckets = new Map<number, { runs: number; fails: number; false_fails: number }>();
  const bucket = (k: number) => buckets.get(k) ?? (buckets.set(k, { runs: 0, fails: 0, false_fails: 0 }), buckets.get(k)!);
  for (const r of trendRuns) bucket(r.key).runs += r.runs;
  for (const j of trendJudged) {
    bucket(j.key).fails += j.fails;
    bucket(j.key).false_fails += j.false_fails;
  }
  const last = Math.max(-1, ...buckets.keys());
  const cycle_trend: CycleTrendPoint[] = [];
  for (let k = Math.max(0, last - CYCLE_TREND_BUCKETS + 1); k <= last; k++) {
    const b = buckets.get(k) ?? { runs: 0, fails: 0, false_fails: 0 };
    cycle_trend.push({ from_cycle: k * size + 1, to_cycle: (k + 1) * size, ...b, false_fail_rate: ratio(b.false_fails, b.runs) });
  }
  return {
    cartridge: card,
    jig,
    projects,
    from,
    to,
    runs: runCount,
    fails,
    false_fails: falseFails,
    false_fail_share: ratio(falseFails, fails),
    false_fail_rate: ratio(falseFails, runCount),
    steps,
    bucket_cycles: size,
    cycle_trend,
  };
}

/** The projects of the range's runs on a fixture that held the cartridge: the boards whose pads it touched. */
async function projectsOfRuns(db: Kysely<DB>, range: HealthRange, cartridgeId: number) {
  return db
    .selectFrom('projects')
    .where('projects.company_id', '=', range.company_id)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('device_reports as r')
          .innerJoin('fixture_cartridges as fc', 'fc.fixture_id', 'r.fixture_id')
          .where('fc.cartridge_id', '=', cartridgeId)
          .whereRef('r.project_id', '=', 'projects.id')
          .where('r.finished_at', '>=', range.from)
          .where('r.finished_at', '<', range.until)
          .select(sql`1`.as('one')),
      ),
    )
    .select(['projects.id', 'projects.name'])
    .orderBy('projects.name')
    .execute();
}

async function jigOfCassette(db: Kysely<DB>, companyId: number, cassetteId: number) {
  const row = await db
    .selectFrom('cassettes')
    .innerJoin('enclosures', 'enclosures.id', 'cassettes.enclosure_id')
    .where('cassettes.id', '=', cassetteId)
    .select(['enclosures.id', companyJigName('enclosures', companyId).as('name'), companyJigSettingId('enclosures', companyId).as('setting_id')])
    .executeTakeFirst();
  return row ? { ...row, setting_id: row.setting_id === null ? null : Number(row.setting_id) } : null;
}
