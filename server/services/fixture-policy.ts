import type { Kysely } from 'kysely';
import type { FixturePolicy } from '../../contract/readiness';
import type { DB } from '../db/schema';
import { fixturePolicyOf, setFixturePolicy } from '../store/golden-units';

/** A company's fixture policy: warn (a jig that is not ready says so) or hold (its runs wait, held). */
export async function fixturePolicy(db: Kysely<DB>, companyId: number): Promise<{ policy: FixturePolicy }> {
  return { policy: (await fixturePolicyOf(db, companyId)) as FixturePolicy };
}

export async function changeFixturePolicy(db: Kysely<DB>, companyId: number, policy: FixturePolicy) {
  await setFixturePolicy(db, companyId, policy);
  return fixturePolicy(db, companyId);
}
