/**
 * Model-based tests of the limit what-if machine on the harness, on the bare actor (its screen
 * is tested in the browser, tests/e2e/limit-what-if.spec.ts): every edge of the graph is walked
 * from the start and checked by `limit-what-if.oracle.ts`.
 */
import { describe, expect, it } from 'vitest';
import { createHarness, edgeChunks, edgePaths, pathOfEvents, pathsOrError } from './harness';
import { ANSWER, DETAILS, DRAFT_ID, NETWORK_DOWN, PROPOSALS, PUBLISHED, VERSION_TAKEN, wiModel } from './limit-what-if.model';
import { wiOracle } from './limit-what-if.oracle';

const harness = createHarness({ model: wiModel, oracle: wiOracle });

const { paths, error: graphError } = pathsOrError(() => edgePaths(wiModel));
const chunks = edgeChunks(paths, (p) => JSON.stringify(p.source.value));

describe('limit-what-if.machine: every edge of the graph', () => {
  it('has a graph that is finite and not trivial', () => {
    if (graphError) throw graphError;
    expect(paths.length).toBeGreaterThan(50);
  });

  for (const chunk of chunks) {
    it(chunk.title, async () => {
      await harness.walkAll(chunk.paths);
    }, 30_000);
  }

  it('the whole job: a replay fails, succeeds, is edited and replayed, a publish is refused, then published', async () => {
    const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
    const fail = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });
    const journey = pathOfEvents(wiModel, Object.keys(wiModel.inputs)[0], [
      { type: 'replay.submit', proposal: PROPOSALS['vout wider'] },
      fail('replayLimits', NETWORK_DOWN),
      { type: 'replay.submit', proposal: PROPOSALS['vout wider'] },
      done('replayLimits', ANSWER),
      { type: 'proposal.edit' },
      { type: 'replay.submit', proposal: PROPOSALS['ripple tighter, last month'] },
      done('replayLimits', ANSWER),
      { type: 'publish.open' },
      { type: 'publish.submit', details: DETAILS },
      fail('publishProposal', VERSION_TAKEN),
      { type: 'publish.submit', details: DETAILS },
      done('publishProposal', PUBLISHED),
    ]);
    const { final, effects } = await harness.walk(journey);
    expect(final.status).toBe('done');
    expect(final.output).toEqual({ draftId: DRAFT_ID });
    expect(effects.replayLimits).toHaveLength(3);
    expect(effects.publishProposal).toEqual([
      { profileId: 12, proposal: PROPOSALS['ripple tighter, last month'], details: DETAILS },
      { profileId: 12, proposal: PROPOSALS['ripple tighter, last month'], details: DETAILS },
    ]);
  });

  it('walked every state and took every transition', () => {
    harness.expectAllWalked();
  });
});
