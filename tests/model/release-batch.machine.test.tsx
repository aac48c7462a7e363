/**
 * Model-based tests of the release batch flow on its edit screen, on the harness: `xstate/graph`
 * derives the paths from the machine and the model's events, each chosen path runs on the
 * rendered screen (`release-batch.screen.tsx`) driven by clicks and typing, with the calls
 * answered per path, and `release-batch.oracle.ts` checks every step.
 */
import { describe, expect, it, vi } from 'vitest';
import { createHarness, edgePaths, fewestPaths, pathOfEvents, pathsOrError } from './harness';
import { describeEvent, JOURNEY, rbModel } from './release-batch.model';
import { rbOracle } from './release-batch.oracle';
import { leaveGuard, rbStage } from './release-batch.screen';

// The root machine's leave guard is tested with the root machine; here: was it asked for, when.
vi.mock('../../src/app/use-leave-guard', () => ({
  useLeaveGuard: (active: boolean, reason: string) => {
    leaveGuard.active = active;
    leaveGuard.reason = reason;
  },
}));

const harness = createHarness({ model: rbModel, oracle: rbOracle, stage: rbStage, answerTimeout: 5000 });

const TIMEOUT = 30_000;

describe('release-batch.machine on the edit screen', () => {
  // The graph has hundreds of edges (picks × answers); each screen run renders the whole page,
  // so one path per kind of step (state, event, next state) is walked.
  const { paths, error: graphError } = pathsOrError(() => fewestPaths(edgePaths(rbModel)));

  it('has a graph that is finite and not trivial', () => {
    if (graphError) throw graphError;
    expect(paths.length).toBeGreaterThan(25);
  });

  for (const path of paths) {
    it(harness.describe(path), () => harness.walk(path).then(() => undefined), TIMEOUT);
  }

  it(`the whole job: ${JOURNEY.length} steps from draft to released, with each way it can go wrong`, async () => {
    // Made here, not while collecting: a machine that no longer takes these events fails this test.
    const journey = pathOfEvents(rbModel, Object.keys(rbModel.inputs)[0], JOURNEY);
    expect(journey.steps.at(-1)!.event.type).toBe('xstate.done.actor.releaseBatch');
    expect(describeEvent(journey.steps[1].event)).toBe('loadBatch ok (draft)');
    const { final, effects } = await harness.walk(journey);
    expect(final.value).toBe('released');
    // The failed save, the save, the one-board removal; then one release refused, one done.
    expect(effects.saveDevices).toHaveLength(3);
    expect(effects.releaseBatch).toHaveLength(2);
  }, TIMEOUT);

  it('walked every state and took every transition on the screen', () => {
    harness.expectAllWalked();
  });
});
