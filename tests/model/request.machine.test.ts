/**
 * Model-based tests of the request machine on the harness, on the bare actor (the process page
 * is built on it separately): every edge of the graph, from each half-done record the page can
 * load, walked and checked by `request.oracle.ts`.
 */
import { describe, expect, it } from 'vitest';
import { createHarness, edgeChunks, edgePaths, pathOfEvents, pathsOrError } from './harness';
import { inReview, LOADS, PROJECT_DRAFT, REASON, REQUEST_ID } from './request.fixtures';
import { reqModel } from './request.model';
import { reqOracle, standsAt } from './request.oracle';

const harness = createHarness({ model: reqModel, oracle: reqOracle });
const INPUT = `request ${REQUEST_ID}`;
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });

const { paths, error: graphError } = pathsOrError(() => edgePaths(reqModel));
/** The edges out of each state, walked in tests of at most 400 edges. */
const chunks = edgeChunks(paths, (p) => p.source.value as string);

describe('request.machine: every edge of the graph', () => {
  it('has a graph that is finite and not trivial', () => {
    if (graphError) throw graphError;
    expect(paths.length).toBeGreaterThan(1000);
  });

  for (const chunk of chunks) {
    it(
      chunk.title,
      async () => {
        await harness.walkAll(chunk.paths);
      },
      30_000,
    );
  }
});

describe('request.machine: reopening lands on the first unfinished step', () => {
  // Said once more by hand, so the oracle's own rule is checked too.
  const EXPECTED: Record<keyof typeof LOADS, string> = {
    submitted: 'documents',
    'in review, nothing done': 'documents',
    'documents done': 'testPads',
    'test pads done, pogo board has errors': 'pogoBoard',
    'pogo board done': 'padGroups',
    'pad groups done': 'modules',
    'modules done': 'cartridges',
    'cartridges done, a group unmapped': 'mapPadGroups',
    'everything mapped': 'createProject',
    'mapped, then two pads added': 'padGroups',
    'cartridges done, then a pad moved too close': 'pogoBoard',
    'modules confirmed, no pads at all': 'testPads',
    completed: 'done',
    rejected: 'rejected',
  };

  for (const [name, load] of Object.entries(LOADS)) {
    it(`${name} → ${EXPECTED[name]}`, async () => {
      const { final, effects } = await harness.walk(pathOfEvents(reqModel, INPUT, [done('loadRequest', load)]));
      expect(final.value).toBe(EXPECTED[name]);
      if (load.status !== 'rejected') expect(standsAt(load)).toBe(EXPECTED[name]);
      // Opening a request only reads it: a submitted one is not put in review by being looked at.
      expect(effects.startReview).toHaveLength(0);
      expect(final.context.request!.status).toBe(load.status);
    });
  }
});

describe('request.machine: journeys', () => {
  it('from a half-done request to its project, looking back at the documents on the way', async () => {
    const start = LOADS['cartridges done, a group unmapped'];
    const mapped = { ...start, progress: { ...start.progress, unmapped_groups: 0, confirmed_step: 'mapPadGroups' as const } };
    const journey = pathOfEvents(reqModel, INPUT, [
      done('loadRequest', start),
      { type: 'step.open', step: 'documents' },
      { type: 'request.refresh' },
      done('refreshRequest', start),
      { type: 'step.continue' },
      { type: 'step.continue' },
      done('confirmStep', mapped),
      { type: 'project.create', ...PROJECT_DRAFT },
      done('createProject', { ...mapped, status: 'completed', project: { id: 9, name: PROJECT_DRAFT.name }, progress: { ...mapped.progress, project_id: 9 } }),
    ]);
    const { final, effects } = await harness.walk(journey);
    expect(final.value).toBe('done');
    expect(effects.confirmStep).toEqual([{ requestId: REQUEST_ID, step: 'mapPadGroups' }]);
    expect(effects.createProject).toEqual([{ requestId: REQUEST_ID, ...PROJECT_DRAFT }]);
  });

  it('a submitted request opened, its review started by the person, on the same step', async () => {
    const start = LOADS.submitted;
    const journey = pathOfEvents(reqModel, INPUT, [done('loadRequest', start), { type: 'review.start' }, done('startReview', inReview(start))]);
    const { final, effects } = await harness.walk(journey);
    expect(final.value).toBe('documents');
    expect(final.context.request).toMatchObject({ status: 'in_review', reviewer: { id: 1, name: 'root' } });
    expect(effects.startReview).toEqual([{ requestId: REQUEST_ID }]);
  });

  it('rejected from a step, reopened, and back at the same step', async () => {
    const start = LOADS['pogo board done'];
    const rejected = { ...start, status: 'rejected' as const, rejected_reason: REASON };
    const journey = pathOfEvents(reqModel, INPUT, [
      done('loadRequest', start),
      { type: 'request.reject', reason: REASON },
      done('rejectRequest', rejected),
      { type: 'request.reopen' },
      done('reopenRequest', inReview(rejected)),
    ]);
    const { final, effects } = await harness.walk(journey);
    expect(final.value).toBe('padGroups');
    expect(effects.padGroups).toHaveLength(2);
  });
});

describe('request.machine: coverage', () => {
  it('walked every state and took every transition', () => {
    harness.expectAllWalked();
  });
});
