import { describe, expect, it } from 'vitest';
import { paretoPoints, stepsToReach } from './pareto';

describe('failure Pareto', () => {
  it('sorts worst first and runs up the shares', () => {
    const points = paretoPoints([
      { name: 'Flash firmware', failures: 10, share: 0.1, project_ids: [] },
      { name: 'VCC 3V3', failures: 50, share: 0.5, project_ids: [] },
      { name: 'Current idle', failures: 30, share: 0.3, project_ids: [] },
      { name: 'LED check', failures: 10, share: 0.1, project_ids: [] },
    ]);
    expect(points.map((p) => p.name)).toEqual(['VCC 3V3', 'Current idle', 'Flash firmware', 'LED check']);
    expect(points.map((p) => p.cumulative)).toEqual([0.5, 0.8, 0.9, 1]);
    expect(stepsToReach(points, 0.8)).toBe(2);
  });

  it('ends below 100% when the list is only the top steps', () => {
    const points = paretoPoints([
      { name: 'A', failures: 40, share: 0.4, project_ids: [] },
      { name: 'B', failures: 20, share: 0.2, project_ids: [] },
    ]);
    expect(points.at(-1)!.cumulative).toBe(0.6);
    expect(stepsToReach(points, 0.8)).toBeNull();
  });

  it('never passes 100% on rounded shares and keeps ties in their order', () => {
    const points = paretoPoints([
      { name: 'x', failures: 1, share: 0.3334, project_ids: [] },
      { name: 'y', failures: 1, share: 0.3334, project_ids: [] },
      { name: 'z', failures: 1, share: 0.3334, project_ids: [] },
    ]);
    expect(points.map((p) => p.name)).toEqual(['x', 'y', 'z']);
    expect(points[1].cumulative).toBeCloseTo(0.6668);
    expect(points[2].cumulative).toBe(1);
  });

  it('is empty for a range without failures', () => {
    expect(paretoPoints([])).toEqual([]);
  });
});
