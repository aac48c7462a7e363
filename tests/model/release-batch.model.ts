/**
 * The test model of the release batch machine: the events the edit screen lets a user produce in
 * each state (a click the screen offers there), the answers of the calls, how a snapshot is
 * named, and the paths `xstate/graph` derives from them.
 */
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import {
  getAdjacencyMap,
  getPathsFromEvents,
  getShortestPaths,
  type AdjacencyMap,
  type StatePath,
  type TraversalOptions,
} from 'xstate/graph';
import { canRelease, hasPicks, releaseBatchMachine, type ReleaseReview } from '../../machines/release-batch.machine';
import {
  ALREADY_RELEASED,
  BATCH_ID,
  DRAFT,
  DROPPED,
  FAILED_LATER,
  FIRST_PAGE_IDS,
  IN_BATCH,
  MATCH_SEARCH,
  NETWORK_DOWN,
  NOT_QUALIFYING_409,
  ONE,
  RELEASED,
  REVIEW_EMPTY,
  REVIEW_NOT_QUALIFYING,
  REVIEW_OK,
  SAVE_422,
  SAVED,
  UNRELEASED,
} from './release-batch.fixtures';

export type RbSnapshot = SnapshotFrom<typeof releaseBatchMachine>;
export type ModelEvent = AnyEventObject;
export type ModelPath = StatePath<RbSnapshot, ModelEvent>;
export type EdgePath = ModelPath & { edge: string };

/** Invoke id → the provided actor that answers it (removing one board is a save too). */
export const CALLS = {
  loadBatch: 'loadBatch',
  saveDevices: 'saveDevices',
  loadReview: 'loadReview',
  dropDevice: 'saveDevices',
  releaseBatch: 'releaseBatch',
} as const;
export type InvokeId = keyof typeof CALLS;
export type ActorSrc = (typeof CALLS)[InvokeId];

export const INPUT = { batchId: BATCH_ID };

const done = (id: InvokeId, output: unknown): ModelEvent => ({ type: `xstate.done.actor.${id}`, output });
const error = (id: InvokeId, err: Error): ModelEvent => ({ type: `xstate.error.actor.${id}`, error: err });

/** Every answer a path may give; a call's answer is offered only while that call runs. */
const CALL_EVENTS: ModelEvent[] = [
  done('loadBatch', DRAFT),
  done('loadBatch', ALREADY_RELEASED),
  error('loadBatch', NETWORK_DOWN),
  done('saveDevices', SAVED),
  error('saveDevices', SAVE_422),
  done('loadReview', REVIEW_OK),
  done('loadReview', REVIEW_NOT_QUALIFYING),
  done('loadReview', REVIEW_EMPTY),
  error('loadReview', NETWORK_DOWN),
  done('dropDevice', DROPPED),
  error('dropDevice', NETWORK_DOWN),
  done('releaseBatch', RELEASED),
  error('releaseBatch', NOT_QUALIFYING_409),
];

export const MATCHING_PICK = { type: 'matching.pick', filter: { search: MATCH_SEARCH }, total: UNRELEASED.length };

/** What the screen offers in a snapshot: each event here is one click (or typing) on it. */
export function userEvents(s: RbSnapshot): ModelEvent[] {
  const { picks, notQualifying } = s.context;
  if (s.matches('loadFailed')) return [{ type: 'retry' }];
  if (s.matches('picking')) {
    const events: ModelEvent[] = [];
    // With "all matching" picked for the filter shown, its rows are in already: no row or page picks.
    if (picks.matching) events.push({ type: 'matching.unpick' });
    else {
      events.push({ type: picks.add.includes(ONE.id) ? 'device.unpick' : 'device.pick', id: ONE.id });
      const wholePage = FIRST_PAGE_IDS.every((id) => picks.add.includes(id));
      events.push({ type: wholePage ? 'page.unpick' : 'page.pick', ids: FIRST_PAGE_IDS });
      events.push(MATCHING_PICK);
    }
    events.push({ type: picks.remove.includes(IN_BATCH.id) ? 'board.keep' : 'board.remove', id: IN_BATCH.id });
    if (hasPicks(picks)) events.push({ type: 'picks.clear' });
    events.push({ type: 'review.open' });
    return events;
  }
  if (s.matches('review')) {
    return [
      { type: 'review.back' },
      { type: 'review.refresh' },
      ...notQualifying.map((d) => ({ type: 'board.drop', id: d.id })),
      ...(canRelease(s.context) ? [{ type: 'release.request' }] : []),
    ];
  }
  if (s.matches('confirming')) return [{ type: 'release.cancel' }, { type: 'release.confirm' }];
  return [];
}

export const eventsFor = (s: RbSnapshot): ModelEvent[] => [...userEvents(s), ...CALL_EVENTS];

/** The parts of a snapshot the screen shows differently. */
export function serializeState(s: RbSnapshot): string {
  const { picks, batch, notQualifying, lastSave, failure } = s.context;
  return JSON.stringify({
    value: s.value,
    add: [...picks.add].sort((a, b) => a - b).join(','),
    remove: picks.remove.join(','),
    matching: picks.matching ? `${picks.matching.search ?? ''}/${picks.matching.total}` : null,
    batch: batch && `${batch.status}/${batch.device_count}/${batch.not_qualifying_count}/${batch.production_batches?.length}`,
    notQualifying: notQualifying.map((d) => d.id).join(','),
    skipped: lastSave?.skipped ?? null,
    failure: failure?.during ?? null,
  });
}

const reviewName = (r: ReleaseReview) =>
  r === REVIEW_OK ? 'clean' : r === REVIEW_NOT_QUALIFYING ? 'a board stopped qualifying' : r === REVIEW_EMPTY ? 'empty' : '?';

/** A short, unique name for an event: the graph's event key and the test titles. */
export function describeEvent(event: ModelEvent): string {
  const m = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (m?.[1] === 'error') return `${m[2]} failed (${(event.error as Error).message})`;
  if (m?.[1] === 'done') {
    const out = event.output as { status?: string; skipped?: number; released?: number } & Partial<ReleaseReview>;
    if (m[2] === 'loadBatch') return `loadBatch ok (${out.status})`;
    if (m[2] === 'loadReview') return `loadReview ok (${reviewName(out as ReleaseReview)})`;
    return `${m[2]} ok`;
  }
  if ('id' in event) return `${event.type} ${event.id}`;
  if (event.type === 'matching.pick') return `matching.pick "${event.filter.search}" (${event.total})`;
  if ('ids' in event) return `${event.type} (${event.ids.length})`;
  return event.type;
}

export const describePath = (path: ModelPath) =>
  path.steps
    .slice(1)
    .map((s) => describeEvent(s.event))
    .join(' → ') || '(start)';

export function traversalOptions(): TraversalOptions<RbSnapshot, ModelEvent, typeof INPUT> {
  return {
    input: INPUT,
    events: eventsFor,
    serializeState,
    serializeEvent: (event) => describeEvent(event) as never,
    // A call answers only while it runs.
    filterEvents: (snapshot, event) => !event.type.startsWith('xstate.') || snapshot.can(event as never),
  };
}

// The machine's event type does not list the synthetic done/error events: widen it once here.
const logic = releaseBatchMachine as unknown as Parameters<typeof getShortestPaths>[0];

export const shortestPaths = () => getShortestPaths(logic, traversalOptions() as never) as ModelPath[];

/**
 * One path per edge of the graph: the shortest way to its source state, then its event. Together
 * they take every transition the model knows.
 */
export function edgePaths(): EdgePath[] {
  const heads = new Map(shortestPaths().map((p) => [serializeState(p.state), p]));
  const adjacency = getAdjacencyMap(logic, traversalOptions() as never) as AdjacencyMap<RbSnapshot, ModelEvent>;
  return Object.entries(adjacency).flatMap(([sourceKey, { transitions }]) => {
    const head = heads.get(sourceKey);
    if (!head) throw new Error(`no shortest path to ${sourceKey}`);
    return (Object.entries(transitions) as [string, { event: ModelEvent; state: RbSnapshot }][]).map(([eventKey, t]) => ({
      state: t.state,
      weight: head.weight + 1,
      steps: [...head.steps, { event: t.event, state: t.state }],
      edge: `${sourceKey} -- ${eventKey}`,
    }));
  });
}

/** The whole job as people do it, with each way it can go wrong on the way. */
export const JOURNEY: ModelEvent[] = [
  done('loadBatch', DRAFT),
  { type: 'device.pick', id: ONE.id },
  { type: 'board.remove', id: IN_BATCH.id },
  { type: 'page.pick', ids: FIRST_PAGE_IDS },
  { type: 'review.open' },
  error('saveDevices', SAVE_422),
  { type: 'review.open' },
  done('saveDevices', SAVED),
  done('loadReview', REVIEW_NOT_QUALIFYING),
  { type: 'board.drop', id: FAILED_LATER.id },
  done('dropDevice', DROPPED),
  done('loadReview', REVIEW_OK),
  { type: 'release.request' },
  { type: 'release.cancel' },
  { type: 'release.request' },
  { type: 'release.confirm' },
  error('releaseBatch', NOT_QUALIFYING_409),
  { type: 'review.refresh' },
  done('loadReview', REVIEW_OK),
  { type: 'release.request' },
  { type: 'release.confirm' },
  done('releaseBatch', RELEASED),
];

/** The journey as a graph path (xstate/graph checks each event is taken, in order). */
export function journeyPath(): ModelPath {
  // getPathsFromEvents drops `input`: start it from the machine's first snapshot instead.
  const start = shortestPaths()[0].steps[0].state;
  const options = { ...traversalOptions(), events: JOURNEY, fromState: start };
  const paths = getPathsFromEvents(logic, JOURNEY as never, options as never) as ModelPath[];
  const longest = paths.sort((a, b) => b.steps.length - a.steps.length)[0];
  if (!longest || longest.steps.length !== JOURNEY.length + 1) throw new Error('the journey does not run through the machine');
  return longest;
}
