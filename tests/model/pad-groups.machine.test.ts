/**
 * Model-based tests of the pad-groups machine on the harness, on the bare actor (its screen is
 * the request process page's pad-groups panel, tested with it): every edge of the graph is walked
 * from the start and checked by `pad-groups.oracle.ts`.
 */
import { describe, expect, it } from 'vitest';
import { createHarness, edgePaths, pathOfEvents, pathsOrError, type EdgePath } from './harness';
import { GND_PAD, GND_VIA, group, LOADS, pgModel, TOOLING, type PgSnapshot } from './pad-groups.model';
import { pgOracle } from './pad-groups.oracle';

const harness = createHarness({ model: pgModel, oracle: pgOracle });

const { paths, error: graphError } = pathsOrError(() => edgePaths(pgModel));
/** The edges out of each state value, walked in tests of at most CHUNK edges (a bare actor walks one in a few ms). */
const CHUNK = 400;
const bySource = new Map<string, EdgePath<PgSnapshot>[]>();
for (const p of paths) bySource.set(p.source.value as string, [...(bySource.get(p.source.value as string) ?? []), p]);
const chunks = [...bySource].flatMap(([value, all]) =>
  Array.from({ length: Math.ceil(all.length / CHUNK) }, (_, i) => ({ title: `from ${value}, edges ${i * CHUNK + 1}-${Math.min(all.length, (i + 1) * CHUNK)} of ${all.length}`, paths: all.slice(i * CHUNK, (i + 1) * CHUNK) })),
);

describe('pad-groups.machine: every edge of the graph', () => {
  it('has a graph that is finite and not trivial', () => {
    if (graphError) throw graphError;
    expect(paths.length).toBeGreaterThan(200);
  });

  for (const chunk of chunks) {
    it(chunk.title, async () => {
      for (const path of chunk.paths) {
        try {
          await harness.walk(path);
        } catch (e) {
          (e as Error).message = `${harness.describe(path)}\n${(e as Error).message}`;
          throw e;
        }
      }
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
