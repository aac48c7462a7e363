/**
 * Model-based tests of the pad-groups machine on the harness, on the bare actor (its screen is
 * the request process page's pad-groups panel, tested with it): every edge of the graph is walked
 * from the start and checked by `pad-groups.oracle.ts`.
 */
import { describe, expect, it } from 'vitest';
import { createHarness, edgeChunks, edgePaths, pathOfEvents, pathsOrError } from './harness';
import { GND_PAD, GND_VIA, group, LOADS, pgModel, TOOLING } from './pad-groups.model';
import { pgOracle } from './pad-groups.oracle';

const harness = createHarness({ model: pgModel, oracle: pgOracle });

const { paths, error: graphError } = pathsOrError(() => edgePaths(pgModel));
/** The edges out of each state, walked in tests of at most 400 edges. */
const chunks = edgeChunks(paths, (p) => p.source.value as string);

describe('pad-groups.machine: every edge of the graph', () => {
  it('has a graph that is finite and not trivial', () => {
    if (graphError) throw graphError;
    expect(paths.length).toBeGreaterThan(200);
  });

  for (const chunk of chunks) {
    it(chunk.title, async () => {
      await harness.walkAll(chunk.paths);
    }, 30_000);
  }

  // Failures and retries are edges above; a retry returns to a state already on the way, which a journey cannot repeat.
  it('the whole step: refused while pads are ungrouped, picked by click and band, grouped, finished', async () => {
    const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
    const journey = pathOfEvents(pgModel, Object.keys(pgModel.inputs)[0], [
      done('loadGroups', LOADS['nothing grouped']),
      { type: 'groups.finish' },
      { type: 'pads.select', ids: [GND_PAD.id], mode: 'replace' },
      { type: 'group.create', name: 'Supply', resourceTypeId: 7 },
      done('saveGroup', group(1, 'Supply', 7, [GND_PAD.id])),
      { type: 'pads.select', ids: [GND_VIA.id, TOOLING.id], mode: 'replace' },
      { type: 'group.assign', groupId: 1 },
      done('saveGroup', group(1, 'Supply', 7, [GND_PAD.id, GND_VIA.id])),
      { type: 'groups.finish' },
    ]);
    const { final, effects } = await harness.walk(journey);
    expect(final.status).toBe('done');
    expect(final.output?.groups.map((g) => g.pad_ids)).toEqual([[GND_PAD.id, GND_VIA.id]]);
    expect(effects.saveGroup).toHaveLength(2);
  });

  it('walked every state and took every transition', () => {
    harness.expectAllWalked();
  });
});
