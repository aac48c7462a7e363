import { sql, type Kysely } from 'kysely';
import { goldenAnswer, heldWords, NOT_HOLDING, type GoldenAnswer, type GoldenKind } from '../../../contract/readiness';
import { amongJson, idsJson, preparedOnce, recordsJson, type Slot } from '../../db/prepared';
import type { DB } from '../../db/schema';
import { readinessJigsById } from '../../store/readiness';
import { readinessOfJigs } from '../readiness';

/**
 * Fit to test at ingestion (contract/readiness.ts). A golden unit's run is stored with its answer
 * (right or wrong) and counts nowhere; under a company's hold policy, a run at a jig that is not
 * ready is stored but held, and counts nowhere until an engineer releases it. One statement per
 * group finds both the group's golden units and which of its jigs' companies hold; only a group
 * with a holding company reads readiness, for its jigs at once (services/readiness.ts, bounded).
 * Readiness is judged as the group starts: a golden unit's right answer in the group clears the
 * jig for the groups after it.
 */

type HoldRow = { kind: 'hold' | 'golden'; id: number; key: string | null; golden_kind: string | null; fails_step: string | null };

const holdRows = preparedOnce<HoldRow, 'companies' | 'projects' | 'keys'>((slot: Slot<'companies' | 'projects' | 'keys'>, db: Kysely<DB>) => sql`
    select 'hold' as kind, c.id as id, null as key, null as golden_kind, null as fails_step
    from companies as c
    where c.fixture_policy = 'hold' and ${amongJson(db, sql.ref('c.id'), 'id', 'integer', slot('companies'))}
    union all
    select 'golden', g.project_id, g.serial_key, g.kind, g.fails_step
    from project_golden_units as g
    where ${amongJson(db, sql.ref('g.project_id'), 'id', 'integer', slot('projects'))}
      and ${amongJson(db, sql.ref('g.serial_key'), 'key', 'text', slot('keys'))}`);

export type GroupHold = {
  golden: Map<string, { kind: GoldenKind; fails_step: string | null }>;
  /** The jigs whose runs are held now, with the reasons in words. */
  held: Map<number, string[]>;
};

const goldenKey = (project: number, key: string) => `${project}\u0000${key}`;

export async function lookUpHold(
  trx: Kysely<DB>,
  reports: { jig: { id: number; company_id: number }; project: { id: number }; key: string }[],
  now: string,
): Promise<GroupHold> {
  const rows = await holdRows(trx, {
    companies: idsJson([...new Set(reports.map((r) => r.jig.company_id))]),
    projects: idsJson([...new Set(reports.map((r) => r.project.id))]),
    keys: recordsJson({ key: 'text' }, [...new Set(reports.map((r) => r.key))].map((key) => ({ key }))),
  });
  const golden = new Map<string, { kind: GoldenKind; fails_step: string | null }>();
  const holding = new Set<number>();
  for (const row of rows) {
    if (row.kind === 'hold') holding.add(Number(row.id));
    else golden.set(goldenKey(Number(row.id), row.key!), { kind: row.golden_kind as GoldenKind, fails_step: row.fails_step });
  }
  const held = new Map<number, string[]>();
  if (holding.size === 0) return { golden, held };
  const jigIds = [...new Set(reports.filter((r) => holding.has(r.jig.company_id)).map((r) => r.jig.id))];
  const readiness = await readinessOfJigs(trx, await readinessJigsById(trx, jigIds), new Date(now));
  for (const [id, jig] of readiness) {
    const reasons = jig.problems.filter((p) => !NOT_HOLDING.includes(p.code));
    if (reasons.length) held.set(id, reasons.map((p) => p.words));
  }
  return { golden, held };
}

export type RunHold = { held: 'held' | null; golden: GoldenAnswer | null; held_words: string | null };

/** Whether this run counts: a golden unit's answers and held runs do not. A golden run is never held: it is how a jig becomes ready. */
export function holdOf(hold: GroupHold, r: { jig: { id: number }; project: { id: number }; key: string; input: { serial: string; result: string } }, failing: readonly string[]): RunHold {
  const unit = hold.golden.get(goldenKey(r.project.id, r.key));
  if (unit) return { held: null, golden: goldenAnswer(unit, r.input.result, failing), held_words: null };
  const reasons = hold.held.get(r.jig.id);
  if (reasons) return { held: 'held', golden: null, held_words: heldWords(r.input.serial, reasons) };
  return { held: null, golden: null, held_words: null };
}

/** The jig's answer's part of it: said only of a held or golden run, so every other answer stays as it was. */
export const holdAnswer = (hold: RunHold): Partial<RunHold> => (hold.held === null && hold.golden === null ? {} : hold);
