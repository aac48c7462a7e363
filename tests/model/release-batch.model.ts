/**
 * The test model of the release batch machine: the events the edit screen lets a user produce in
 * each state (a click the screen offers there), the answers of the calls, and how a snapshot is
 * named. The harness derives the paths; `release-batch.oracle.ts` says what each step must do.
 */
import type { SnapshotFrom } from 'xstate';
import { releaseBatchMachine, type ReleaseReview } from '../../machines/release-batch.machine';
import type { Model, ModelEvent, ModelPath } from './harness';
import { anyPicks, releasable } from './release-batch.oracle';
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
export type RbPath = ModelPath<RbSnapshot>;
export type { ModelEvent };

/** The invokes of the machine: removing one board (`dropDevice`) is a save too. */
type InvokeId = 'loadBatch' | 'saveDevices' | 'loadReview' | 'dropDevice' | 'releaseBatch';

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
    if (anyPicks(picks)) events.push({ type: 'picks.clear' });
    events.push({ type: 'review.open' });
    return events;
  }
  if (s.matches('review')) {
    return [
      { type: 'review.back' },
      { type: 'review.refresh' },
      ...notQualifying.map((d) => ({ type: 'board.drop', id: d.id })),
      ...(releasable(s.context) ? [{ type: 'release.request' }] : []),
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

/** The release batch machine's model: one draft (or released batch) opened on the edit screen. */
export const rbModel: Model<RbSnapshot> = {
  machine: releaseBatchMachine,
  inputs: { [`batch ${BATCH_ID}`]: INPUT },
  events: eventsFor,
  serializeState,
  describeEvent,
  effects: [],
};

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

