import { z } from 'zod';

/**
 * Run rules: patterns in a step's values, in time order, that a stable process rarely makes, so
 * they point at a cause (a drifting source, a worn probe, a new lot) before boards fail. Rules
 * 1–4 are the Western Electric rules; 5–8 are Nelson's further tests. The zones are measured from
 * the centre line in σ (the scope's mean and within-subgroup spread, server/services/run-chart.ts).
 */
export const RUN_RULE_IDS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export type RunRuleId = (typeof RUN_RULE_IDS)[number];

export const WESTERN_ELECTRIC: RunRuleId[] = [1, 2, 3, 4];
export const NELSON_EXTRA: RunRuleId[] = [5, 6, 7, 8];
/** What a profile judges its charts by until someone chooses otherwise. */
export const DEFAULT_RUN_RULES: RunRuleId[] = WESTERN_ELECTRIC;

export const RUN_RULES: Record<RunRuleId, { name: string; description: string }> = {
  1: { name: 'Beyond 3σ', description: 'One point more than 3σ from the centre line.' },
  2: { name: '2 of 3 beyond 2σ', description: 'Two of three points in a row more than 2σ from the centre, on the same side.' },
  3: { name: '4 of 5 beyond 1σ', description: 'Four of five points in a row more than 1σ from the centre, on the same side.' },
  4: { name: '8 on one side', description: 'Eight points in a row on the same side of the centre line.' },
  5: { name: '6 trending', description: 'Six points in a row steadily rising or steadily falling.' },
  6: { name: '14 alternating', description: 'Fourteen points in a row alternating up and down.' },
  7: { name: '15 within 1σ', description: 'Fifteen points in a row within 1σ of the centre (less spread than the σ says).' },
  8: { name: '8 outside 1σ', description: 'Eight points in a row more than 1σ from the centre, on both sides, none within 1σ.' },
};

export const runRuleLabel = (rule: number): string => `Rule ${rule}: ${RUN_RULES[rule as RunRuleId]?.name ?? 'unknown'}`;

const RULE_MESSAGE = 'Run rules are whole numbers from 1 to 8.';
/**
 * A profile's run rules in a body: rule numbers 1–8, each once (an empty list turns the flags
 * off); stored and answered in ascending order.
 */
export const runRulesField = z
  .array(z.number({ error: RULE_MESSAGE }).int({ error: RULE_MESSAGE, abort: true }).min(1, { error: RULE_MESSAGE }).max(8, { error: RULE_MESSAGE }), {
    error: 'Run rules are a list of rule numbers, e.g. [1, 2, 3, 4].',
  })
  .max(8, { error: 'There are 8 run rules.' })
  .refine((ids) => new Set(ids).size === ids.length, { error: 'Each run rule is listed once.' })
  .transform((ids) => [...ids].sort((a, b) => a - b) as RunRuleId[]);

/** The run rules form's body: a `PATCH /testprofiles/{id}` of the rules alone. */
export const runRulesInput = z.object({ run_rules: runRulesField });

/** The stored JSON text of a profile's rules, read leniently: anything unreadable is the default. */
export function parseRunRules(text: string | null | undefined): RunRuleId[] {
  try {
    const parsed = runRulesField.safeParse(JSON.parse(text ?? ''));
    return parsed.success ? parsed.data : [...DEFAULT_RUN_RULES];
  } catch {
    return [...DEFAULT_RUN_RULES];
  }
}

export type Violation = { index: number; rule: RunRuleId };

/**
 * The points of `values` (oldest first) that break each of `rules`, judged against `centre` and
 * `sigma`. A rule over several points flags the point that completes the pattern (the newest of
 * the run), never the ones before it: a run that goes on flags each further point, so the newest
 * point of a chart says whether the pattern still holds. The "k of n" rules (2, 3) flag a point
 * only when it is itself one of the k, so one pattern is flagged once. A point may break several
 * rules; the answer is in point order, then rule order. Without a usable σ (0, negative or not a
 * number) nothing can be judged and nothing is flagged.
 */
export function findViolations(values: readonly number[], centre: number, sigma: number, rules: readonly number[]): Violation[] {
  if (!Number.isFinite(sigma) || sigma <= 0 || !Number.isFinite(centre)) return [];
  const z = values.map((v) => (v - centre) / sigma);
  const wanted = RUN_RULE_IDS.filter((id) => rules.includes(id));
  const found: Violation[] = [];
  for (let i = 0; i < z.length; i++) {
    for (const rule of wanted) if (CHECKS[rule](z, i)) found.push({ index: i, rule });
  }
  return found;
}

type Check = (z: readonly number[], i: number) => boolean;

/** The `n` points ending at `i`, or null when there are fewer before it. */
const lastN = (z: readonly number[], i: number, n: number): readonly number[] | null => (i + 1 >= n ? z.slice(i + 1 - n, i + 1) : null);

/** `k` of the last `n` points beyond `limit` σ on the side of point `i`, which is one of them. */
const kOfN = (k: number, n: number, limit: number): Check => (z, i) => {
  const run = lastN(z, i, n);
  if (!run || Math.abs(z[i]) <= limit) return false;
  const side = Math.sign(z[i]);
  return run.filter((v) => v * side > limit).length >= k;
};

/** Each of the last `n` points passes `test`. */
const all = (n: number, test: (v: number) => boolean): Check => (z, i) => lastN(z, i, n)?.every(test) ?? false;

/** The signs of the steps between the last `n` points (n − 1 of them). */
const moves = (z: readonly number[], i: number, n: number): number[] | null => {
  const run = lastN(z, i, n);
  return run && run.slice(1).map((v, j) => Math.sign(v - run[j]));
};

const CHECKS: Record<RunRuleId, Check> = {
  1: (z, i) => Math.abs(z[i]) > 3,
  2: kOfN(2, 3, 2),
  3: kOfN(4, 5, 1),
  // A point on the centre line belongs to neither side and ends the run.
  4: (z, i) => all(8, (v) => v > 0)(z, i) || all(8, (v) => v < 0)(z, i),
  // Equal neighbours are neither rising nor falling and end the trend.
  5: (z, i) => {
    const m = moves(z, i, 6);
    return !!m && (m.every((s) => s > 0) || m.every((s) => s < 0));
  },
  6: (z, i) => {
    const m = moves(z, i, 14);
    return !!m && m.every((s, j) => s !== 0 && (j === 0 || s === -m[j - 1]));
  },
  7: all(15, (v) => Math.abs(v) < 1),
  8: (z, i) => {
    const run = lastN(z, i, 8);
    return !!run && run.every((v) => Math.abs(v) > 1) && run.some((v) => v > 0) && run.some((v) => v < 0);
  },
};
