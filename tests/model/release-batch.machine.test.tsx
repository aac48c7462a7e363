/**
 * Model-based tests of the release batch flow on its screen: `xstate/graph` derives the paths
 * from the machine and the model's events, and each chosen path runs on the rendered edit screen
 * (`release-batch.screen.tsx`), driven by clicks and typing, with the calls answered per path.
 */
import { describe, expect, it, vi } from 'vitest';
import { getStateNodes } from 'xstate/graph';
import { releaseBatchMachine } from '../../machines/release-batch.machine';
import { describeEvent, describePath, edgePaths, journeyPath, type EdgePath, type ModelPath } from './release-batch.model';
import { allTransitionKeys, coverage, leaveGuard, runOnScreen } from './release-batch.screen';

// The root machine's leave guard is tested with the root machine; here: was it asked for, when.
vi.mock('../../src/app/use-leave-guard', () => ({
  useLeaveGuard: (active: boolean, reason: string) => {
    leaveGuard.active = active;
    leaveGuard.reason = reason;
  },
}));

const stateName = (s: EdgePath['state']) => JSON.stringify(s.value);

/**
 * The fewest screen runs that take every transition: for each (state, event, next state) of
 * the graph, its shortest path. The graph has hundreds of edges (picks × answers); the
 * transitions they take are a few dozen, and each run renders the whole screen.
 */
function chosenPaths(): ModelPath[] {
  const best = new Map<string, EdgePath>();
  for (const path of edgePaths()) {
    const [from, step] = path.steps.slice(-2);
    const key = `${stateName(from.state)} -- ${step.event.type} --> ${stateName(step.state)}`;
    const known = best.get(key);
    if (!known || path.steps.length < known.steps.length) best.set(key, path);
  }
  return [...best.values()].sort((a, b) => a.steps.length - b.steps.length);
}

const TIMEOUT = 30_000;

describe('release-batch.machine on the edit screen', () => {
  const paths = chosenPaths();

  it('has a graph that is finite and not trivial', () => {
    expect(paths.length).toBeGreaterThan(25);
  });

  for (const path of paths) {
    it(describePath(path), () => runOnScreen(path), TIMEOUT);
  }

  it(`the whole job: ${describePath(journeyPath()).split(' → ').length} steps from draft to released`, async () => {
    const journey = journeyPath();
    expect(journey.steps.at(-1)!.event.type).toBe('xstate.done.actor.releaseBatch');
    expect(describeEvent(journey.steps[1].event)).toBe('loadBatch ok (draft)');
    await runOnScreen(journey);
  }, TIMEOUT);

  it('reached every state and took every transition on the screen', () => {
    const states = getStateNodes(releaseBatchMachine.root).map((n) => n.id);
    const transitions = [...new Set(allTransitionKeys())];
    const seenStates = states.filter((s) => coverage.states.has(s)).length;
    const seenTransitions = transitions.filter((t) => coverage.transitions.has(t)).length;
    console.log(`release-batch coverage: states ${seenStates}/${states.length}, transitions ${seenTransitions}/${transitions.length}`);
    expect(states.filter((s) => !coverage.states.has(s))).toEqual([]);
    expect(transitions.filter((t) => !coverage.transitions.has(t))).toEqual([]);
  });
});
