import { assign, fromPromise, setup } from 'xstate';
import type { Device } from '../contract/devices';
import type {
  ReleaseBatchDetail,
  ReleaseBatchUpdateDevicesInput,
  ReleaseBatchUpdateDevicesResult,
} from '../contract/release-batches';

/** The picker's filters as `add_matching` sends them. */
export type MatchingFilter = { search?: string; production_batch_id?: number };

/**
 * What the user picked and has not saved yet. Picks stay in the browser until "Save and review",
 * so browsing the unreleased list costs the server nothing and a failed save loses nothing.
 */
export type Picks = {
  /** Unreleased boards picked one by one or a page at a time. */
  add: number[];
  /** Boards of the batch marked to come out again. */
  remove: number[];
  /** "Select all N matching": the filter, and how many boards it matched when picked. */
  matching: (MatchingFilter & { total: number }) | null;
};

/** What the review shows: the batch's figures and the boards that stopped qualifying. */
export type ReleaseReview = { batch: ReleaseBatchDetail; notQualifying: Device[] };

/** The step that failed, so the screen can say what went wrong and where. */
export type ReleaseFailure = { during: 'load' | 'save' | 'review' | 'drop' | 'release'; error: unknown };

export type ReleaseBatchContext = {
  batchId: number;
  batch: ReleaseBatchDetail | null;
  picks: Picks;
  notQualifying: Device[];
  /** The answer of the last save: how many picks were added, skipped (taken by someone else), removed. */
  lastSave: Pick<ReleaseBatchUpdateDevicesResult, 'added' | 'skipped' | 'removed'> | null;
  failure: ReleaseFailure | null;
};

export type ReleaseBatchEvent =
  | { type: 'retry' }
  | { type: 'device.pick'; id: number }
  | { type: 'device.unpick'; id: number }
  | { type: 'page.pick'; ids: number[] }
  | { type: 'page.unpick'; ids: number[] }
  | { type: 'matching.pick'; filter: MatchingFilter; total: number }
  | { type: 'matching.unpick' }
  | { type: 'board.remove'; id: number }
  | { type: 'board.keep'; id: number }
  | { type: 'picks.clear' }
  | { type: 'review.open' }
  | { type: 'review.back' }
  /** Load the review again, e.g. after a release refused because a board stopped qualifying. */
  | { type: 'review.refresh' }
  /** From the review: take out one board that stopped qualifying. */
  | { type: 'board.drop'; id: number }
  | { type: 'release.request' }
  | { type: 'release.cancel' }
  | { type: 'release.confirm' };

export const NO_PICKS: Picks = { add: [], remove: [], matching: null };

const union = (list: number[], ids: number[]) => [...new Set([...list, ...ids])];
const without = (list: number[], ids: number[]) => list.filter((id) => !ids.includes(id));

export const hasPicks = (picks: Picks) => picks.add.length > 0 || picks.remove.length > 0 || picks.matching !== null;

/** The body of `PATCH /releasebatches/{id}/update` for the picks. */
export function picksToChange(picks: Picks): ReleaseBatchUpdateDevicesInput {
  const { total: _total, ...matching } = picks.matching ?? { total: 0 };
  return {
    ...(picks.remove.length ? { remove: picks.remove } : {}),
    ...(picks.add.length ? { add: picks.add } : {}),
    ...(picks.matching ? { add_matching: matching } : {}),
  };
}

/** Releasable: boards in it and none that stopped qualifying (the server checks again). */
export const canRelease = (context: ReleaseBatchContext) =>
  !!context.batch &&
  context.batch.device_count > 0 &&
  context.batch.not_qualifying_count === 0 &&
  context.notQualifying.length === 0;

/**
 * Building a release batch (SPEC §2 `releasesbatches/{rb_id}/edit`): open the draft, pick boards
 * from the unreleased list, save and review, confirm, release. A released batch is final, so
 * opening one here ends at `released` at once and the screen shows it read-only.
 */
export const releaseBatchMachine = setup({
  types: {
    context: {} as ReleaseBatchContext,
    events: {} as ReleaseBatchEvent,
    input: {} as { batchId: number },
  },
  actors: {
    /** `GET /releasebatches/{id}`. */
    loadBatch: fromPromise<ReleaseBatchDetail, { batchId: number }>(async () => {
      throw new Error('loadBatch actor not provided');
    }),
    /** `PATCH /releasebatches/{id}/update` with add / remove / add_matching. */
    saveDevices: fromPromise<ReleaseBatchUpdateDevicesResult, { batchId: number; change: ReleaseBatchUpdateDevicesInput }>(
      async () => {
        throw new Error('saveDevices actor not provided');
      },
    ),
    /** `GET /releasebatches/{id}` and its boards that stopped qualifying. */
    loadReview: fromPromise<ReleaseReview, { batchId: number }>(async () => {
      throw new Error('loadReview actor not provided');
    }),
    /** `PATCH /releasebatches/{id}/update` with `{ release: true }`. */
    releaseBatch: fromPromise<ReleaseBatchUpdateDevicesResult, { batchId: number }>(async () => {
      throw new Error('releaseBatch actor not provided');
    }),
  },
  guards: {
    isReleased: ({ event }) => (event as { output?: ReleaseBatchDetail }).output?.status === 'released',
    hasPicks: ({ context }) => hasPicks(context.picks),
    canRelease: ({ context }) => canRelease(context),
  },
  actions: {
    clearFailure: assign({ failure: null }),
    /** Keeps what went wrong, and in which step, for the screen to say. */
    recordFailure: assign({
      failure: ({ event }, params: { during: ReleaseFailure['during'] }) => ({
        during: params.during,
        error: (event as { error?: unknown }).error,
      }),
    }),
  },
}).createMachine({
  id: 'releaseBatch',
  context: ({ input }) => ({
    batchId: input.batchId,
    batch: null,
    picks: NO_PICKS,
    notQualifying: [],
    lastSave: null,
    failure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadBatch',
        src: 'loadBatch',
        input: ({ context }) => ({ batchId: context.batchId }),
        onDone: [
          { guard: 'isReleased', target: 'released', actions: assign({ batch: ({ event }) => event.output }) },
          { target: 'picking', actions: assign({ batch: ({ event }) => event.output, failure: null }) },
        ],
        onError: { target: 'loadFailed', actions: { type: 'recordFailure', params: { during: 'load' } } },
      },
    },
    loadFailed: {
      on: { retry: 'loading' },
    },
    picking: {
      on: {
        'device.pick': { actions: assign({ picks: ({ context, event }) => ({ ...context.picks, add: union(context.picks.add, [event.id]) }) }) },
        'device.unpick': { actions: assign({ picks: ({ context, event }) => ({ ...context.picks, add: without(context.picks.add, [event.id]) }) }) },
        'page.pick': { actions: assign({ picks: ({ context, event }) => ({ ...context.picks, add: union(context.picks.add, event.ids) }) }) },
        'page.unpick': { actions: assign({ picks: ({ context, event }) => ({ ...context.picks, add: without(context.picks.add, event.ids) }) }) },
        'matching.pick': {
          actions: assign({ picks: ({ context, event }) => ({ ...context.picks, matching: { ...event.filter, total: event.total } }) }),
        },
        'matching.unpick': { actions: assign({ picks: ({ context }) => ({ ...context.picks, matching: null }) }) },
        'board.remove': {
          actions: assign({ picks: ({ context, event }) => ({ ...context.picks, remove: union(context.picks.remove, [event.id]) }) }),
        },
        'board.keep': {
          actions: assign({ picks: ({ context, event }) => ({ ...context.picks, remove: without(context.picks.remove, [event.id]) }) }),
        },
        'picks.clear': { actions: assign({ picks: NO_PICKS }) },
        // Nothing to save: straight to the review of what the batch holds.
        'review.open': [
          { guard: 'hasPicks', target: 'saving', actions: 'clearFailure' },
          { target: 'checking', actions: ['clearFailure', assign({ lastSave: null })] },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveDevices',
        src: 'saveDevices',
        input: ({ context }) => ({ batchId: context.batchId, change: picksToChange(context.picks) }),
        onDone: {
          target: 'checking',
          actions: assign(({ context, event }) => ({
            picks: NO_PICKS,
            batch: context.batch && { ...context.batch, ...event.output.batch },
            lastSave: { added: event.output.added, skipped: event.output.skipped, removed: event.output.removed },
          })),
        },
        // The picks stay: the user fixes the cause (or waits for the network) and saves again.
        onError: { target: 'picking', actions: { type: 'recordFailure', params: { during: 'save' } } },
      },
    },
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'loadReview',
        src: 'loadReview',
        input: ({ context }) => ({ batchId: context.batchId }),
        onDone: {
          target: 'review',
          actions: assign({ batch: ({ event }) => event.output.batch, notQualifying: ({ event }) => event.output.notQualifying }),
        },
        // The picks were saved; "Save and review" again retries just the review.
        onError: { target: 'picking', actions: { type: 'recordFailure', params: { during: 'review' } } },
      },
    },
    review: {
      on: {
        'review.back': { target: 'picking', actions: ['clearFailure', assign({ lastSave: null })] },
        'review.refresh': { target: 'checking', actions: 'clearFailure' },
        'board.drop': { target: 'dropping', actions: 'clearFailure' },
        'release.request': { guard: 'canRelease', target: 'confirming', actions: 'clearFailure' },
      },
    },
    dropping: {
      tags: ['busy'],
      invoke: {
        id: 'dropDevice',
        src: 'saveDevices',
        input: ({ context, event }) => ({
          batchId: context.batchId,
          change: { remove: [(event as Extract<ReleaseBatchEvent, { type: 'board.drop' }>).id] },
        }),
        // The review then says what this last change did, not the save before it.
        onDone: {
          target: 'checking',
          actions: assign(({ event }) => ({
            lastSave: { added: event.output.added, skipped: event.output.skipped, removed: event.output.removed },
          })),
        },
        onError: { target: 'review', actions: { type: 'recordFailure', params: { during: 'drop' } } },
      },
    },
    confirming: {
      on: {
        'release.cancel': 'review',
        'release.confirm': 'releasing',
      },
    },
    releasing: {
      tags: ['busy'],
      invoke: {
        id: 'releaseBatch',
        src: 'releaseBatch',
        input: ({ context }) => ({ batchId: context.batchId }),
        onDone: {
          target: 'released',
          actions: assign(({ context, event }) => ({ batch: context.batch && { ...context.batch, ...event.output.batch } })),
        },
        // 409 (a board stopped qualifying, someone released it first) or no network: say why, stay.
        onError: { target: 'review', actions: { type: 'recordFailure', params: { during: 'release' } } },
      },
    },
    released: { type: 'final' },
  },
});

export type ReleaseBatchMachine = typeof releaseBatchMachine;
