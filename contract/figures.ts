/**
 * Every figure Jigboard shows about test results, defined once (docs/architecture.md "Figures"). The server
 * computes each API answer's figures with these functions and the app computes nothing of its
 * own: it shows them with `formatPercent` (src/lib/format.ts), rounded as `PERCENT_DIGITS` says.
 *
 * - tested (boards): boards with at least one test run, whatever its result. A batch's
 *   `tested_count`, `/batch/{id}/totals`' and `/batch/{id}/firstpasses`' `tested`; over a date
 *   range, the boards whose first run fell in it (`first_tests`, the dashboard's `boards_tested`).
 * - passed (boards): boards that passed and still stand passed, or were released (a board is
 *   released only after passing).
 * - yield: passed boards / tested boards.
 * - first-pass yield: boards whose first test run passed / tested boards. A first run that ended
 *   in an error is not a pass.
 * - second-pass yield: boards that passed on their first or second test run / tested boards.
 * - last-pass (final) yield: tested boards whose latest verdict is a pass (they stand passed, or
 *   were released) / tested boards. On a batch it is its yield counted over tested boards only.
 *   A run is an attempt whatever its result: the runs are counted in the order they were
 *   stored, as first-pass is decided (a late report is a later attempt); an error is an attempt
 *   that did not pass, and leaves the board's verdict as it was.
 * - over a date range, the three are of the boards first tested in it (a cohort: first_tests),
 *   counted where they stand now: a retest next week moves the figure of the day the board was
 *   first tested. So the days of a range add up, and all of time gives the batches' figures.
 * - pass rate (runs): passed test runs / all test runs (errors included): the figure of a day
 *   or a week, where boards are still being tested and retested.
 *
 * A figure whose denominator is 0 is null ("nothing tested"), shown as a dash, never as 0%.
 * The API answers the exact ratio; the app rounds it only to show it.
 */

/** `part / whole`, or null when there is nothing to divide by. */
export function ratio(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

/** Percentages are shown with this many decimals (99.6%), rounded half away from zero. */
export const PERCENT_DIGITS = 1;

/** The counters of a batch (or any set of boards) that its figures come from. */
export type BoardCounts = {
  /** Boards with at least one test run. */
  tested: number;
  /** Boards whose status is passed. */
  passed: number;
  /** Boards whose status is released (they passed before they shipped). */
  released: number;
  /** Boards whose first test run passed. */
  first_passes: number;
};

/** Boards that passed: passed now, or released. */
export const passedBoards = (c: Pick<BoardCounts, 'passed' | 'released'>): number => c.passed + c.released;

/** Yield: passed boards / tested boards. */
export const boardYield = (c: Pick<BoardCounts, 'passed' | 'released' | 'tested'>): number | null => ratio(passedBoards(c), c.tested);

/** First-pass yield: boards whose first run passed / tested boards. */
export const firstPassYield = (firstPasses: number, tested: number): number | null => ratio(firstPasses, tested);

/** Pass rate: passed test runs / all test runs. */
export const passRate = (passedRuns: number, runs: number): number | null => ratio(passedRuns, runs);

/** Second-pass yield: boards that passed on their first or second run / tested boards. */
export const secondPassYield = (secondPasses: number, tested: number): number | null => ratio(secondPasses, tested);

/** Last-pass (final) yield: tested boards whose latest verdict is a pass / tested boards. */
export const lastPassYield = (lastPasses: number, tested: number): number | null => ratio(lastPasses, tested);

/** The counts of the three pass yields, over one set of tested boards. */
export type PassCounts = { tested: number; first_passes: number; second_passes: number; last_passes: number };

/** The three pass yields of one set of tested boards, each beside the counts it divides. */
export const passYields = (c: PassCounts) => ({
  ...c,
  first_pass_yield: firstPassYield(c.first_passes, c.tested),
  second_pass_yield: secondPassYield(c.second_passes, c.tested),
  last_pass_yield: lastPassYield(c.last_passes, c.tested),
});

/** The definitions as people read them beside the figures (legends and tooltips). */
export const PASS_YIELD_DEFINITIONS = {
  first: 'Of the boards tested, the share that passed on their first attempt.',
  second: 'Of the boards tested, the share that passed on their first or second attempt.',
  last: 'Of the boards tested, the share whose latest attempt passed: they stand passed or were released (the final yield).',
  range: 'Over a date range: the boards first tested in it, as they stand now.',
} as const;
