/**
 * Every figure Jigboard shows about test results, defined once (README "Figures"). The server
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
