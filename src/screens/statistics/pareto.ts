import type { FailingStep } from '../../../contract/statistics';

export type ParetoPoint = { name: string; failures: number; share: number; cumulative: number };

/**
 * The failing steps worst first, each with the running total of its share of all step
 * failures (the Pareto line). Shares are of every failure in the range, so a list cut to the
 * top steps ends below 100%: the rest failed elsewhere.
 */
export function paretoPoints(steps: readonly FailingStep[]): ParetoPoint[] {
  const sorted = steps
    .map((s, i) => ({ s, i }))
    .sort((a, b) => b.s.failures - a.s.failures || a.i - b.i)
    .map(({ s }) => s);
  let running = 0;
  return sorted.map((s) => {
    running += Math.max(0, s.share);
    // Shares are rounded by the server; their sum may pass 1 by a hair.
    const cumulative = Math.min(1, Math.round(running * 1e6) / 1e6);
    return { name: s.name, failures: s.failures, share: s.share, cumulative };
  });
}

/** How many of the steps make up `part` (e.g. 80%) of the failures; null if the list never gets there. */
export function stepsToReach(points: readonly ParetoPoint[], part: number): number | null {
  const i = points.findIndex((p) => p.cumulative >= part - 1e-9);
  return i === -1 ? null : i + 1;
}
