/**
 * What SPEC §2 (`releasesbatches/{rb_id}/edit`) says each step of building a release batch must
 * do, written without reading release-batch.machine.ts: where each click and each answer of the
 * server leads, what the picks become, which calls go out with which body.
 */
import { expect } from 'vitest';
import type { ReleaseBatchDetail, ReleaseBatchUpdateDevicesResult } from '../../contract/release-batches';
import type { Picks, ReleaseReview } from '../../machines/release-batch.machine';
import type { Effects, ModelEvent, Oracle } from './harness';
import { BATCH_ID } from './release-batch.fixtures';
import type { RbSnapshot } from './release-batch.model';

type Ctx = RbSnapshot['context'];

const NOTHING: Effects = { loadBatch: [], saveDevices: [], loadReview: [], releaseBatch: [] };
const only = (src: keyof typeof NOTHING, input: unknown): Effects => ({ ...NOTHING, [src]: [input] });
const LOAD_REVIEW = only('loadReview', { batchId: BATCH_ID });
const NO_PICKS: Picks = { add: [], remove: [], matching: null };

/** Something picked that a save would send. */
export const anyPicks = (picks: Picks) => picks.add.length > 0 || picks.remove.length > 0 || picks.matching !== null;

/** SPEC: a batch is released with boards in it and none that stopped qualifying (the server checks again). */
export const releasable = (c: Pick<Ctx, 'batch' | 'notQualifying'>) =>
  !!c.batch && c.batch.device_count > 0 && c.batch.not_qualifying_count === 0 && c.notQualifying.length === 0;

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
const plus = (ids: number[], more: number[]) => sorted([...new Set([...ids, ...more])]);
const minus = (ids: number[], less: number[]) => sorted(ids.filter((id) => !less.includes(id)));
const normal = (p: Picks) => ({ ...p, add: sorted(p.add), remove: sorted(p.remove) });

/** The body of `PATCH …/update` for these picks: only what was picked, the filter without its count. */
function saveBody(picks: Picks) {
  const body: Record<string, unknown> = {};
  if (picks.remove.length) body.remove = sorted(picks.remove);
  if (picks.add.length) body.add = sorted(picks.add);
  if (picks.matching) {
    const { total: _total, ...filter } = picks.matching;
    body.add_matching = filter;
  }
  return body;
}

/** The calls a step made; the order of ids in a body does not matter to the server. */
function expectEffects(effects: Effects, want: Effects) {
  const bodies = (effects.saveDevices as { batchId: number; change: { add?: number[]; remove?: number[] } }[]).map(({ batchId, change }) => ({
    batchId,
    change: {
      ...change,
      ...(change.add ? { add: sorted(change.add) } : {}),
      ...(change.remove ? { remove: sorted(change.remove) } : {}),
    },
  }));
  expect({ ...effects, saveDevices: bodies }, 'calls').toEqual(want);
}

/** The context after a step: `prev` with `changes`, picks compared as sets. */
function expectContext(prev: Ctx, next: Ctx, changes: Partial<Ctx>) {
  const want = { ...prev, ...changes };
  expect({ ...next, picks: normal(next.picks) }).toEqual({ ...want, picks: normal(want.picks) });
}

const expectState = (s: RbSnapshot, value: string) => expect(s.value, 'state').toBe(value);
const saved = (out: ReleaseBatchUpdateDevicesResult) => ({ added: out.added, skipped: out.skipped, removed: out.removed });
/** The batch's figures as the last change answered them (the answer has no production batches). */
const updated = (batch: ReleaseBatchDetail | null, out: ReleaseBatchUpdateDevicesResult) => batch && { ...batch, ...out.batch };

/** Picks the user changes on the list, each one click; nothing goes to the server yet. */
function picked(picks: Picks, event: ModelEvent): Picks | null {
  switch (event.type) {
    case 'device.pick':
      return { ...picks, add: plus(picks.add, [event.id]) };
    case 'device.unpick':
      return { ...picks, add: minus(picks.add, [event.id]) };
    case 'page.pick':
      return { ...picks, add: plus(picks.add, event.ids) };
    case 'page.unpick':
      return { ...picks, add: minus(picks.add, event.ids) };
    case 'matching.pick':
      return { ...picks, matching: { ...event.filter, total: event.total } };
    case 'matching.unpick':
      return { ...picks, matching: null };
    case 'board.remove':
      return { ...picks, remove: plus(picks.remove, [event.id]) };
    case 'board.keep':
      return { ...picks, remove: minus(picks.remove, [event.id]) };
    case 'picks.clear':
      return NO_PICKS;
    default:
      return null;
  }
}

export const rbOracle: Oracle<RbSnapshot> = {
  start(s, effects) {
    expectState(s, 'loading');
    expect(s.context).toEqual({ batchId: BATCH_ID, batch: null, picks: NO_PICKS, notQualifying: [], lastSave: null, failure: null });
    expectEffects(effects, only('loadBatch', { batchId: BATCH_ID }));
  },

  step(prev, event, next, effects) {
    const p = prev.context;
    const n = next.context;
    const from = String(prev.value);
    const picks = picked(p.picks, event);
    if (picks) {
      expect(from).toBe('picking');
      expectState(next, 'picking');
      expectContext(p, n, { picks });
      expectEffects(effects, NOTHING);
      return;
    }
    switch (event.type) {
      case 'xstate.done.actor.loadBatch': {
        expect(from).toBe('loading');
        const batch = event.output as ReleaseBatchDetail;
        expectEffects(effects, NOTHING);
        if (batch.status === 'released') {
          // A released batch is final: the screen shows it read-only.
          expectState(next, 'released');
          expect(n.batch).toEqual(batch);
          return;
        }
        expectState(next, 'picking');
        expectContext(p, n, { batch, failure: null });
        return;
      }
      case 'xstate.error.actor.loadBatch':
        expect(from).toBe('loading');
        expectState(next, 'loadFailed');
        expectContext(p, n, { failure: { during: 'load', error: event.error } });
        expectEffects(effects, NOTHING);
        return;
      case 'retry':
        expect(from).toBe('loadFailed');
        expectState(next, 'loading');
        expectContext(p, n, {});
        expectEffects(effects, only('loadBatch', { batchId: BATCH_ID }));
        return;
      case 'review.open':
        expect(from).toBe('picking');
        if (anyPicks(p.picks)) {
          // "Save and review": the picks go to the server in one PATCH.
          expectState(next, 'saving');
          expectContext(p, n, { failure: null });
          expectEffects(effects, only('saveDevices', { batchId: BATCH_ID, change: saveBody(p.picks) }));
        } else {
          // Nothing to save: straight to the review of what the batch holds.
          expectState(next, 'checking');
          expectContext(p, n, { failure: null, lastSave: null });
          expectEffects(effects, LOAD_REVIEW);
        }
        return;
      case 'xstate.done.actor.saveDevices': {
        expect(from).toBe('saving');
        const out = event.output as ReleaseBatchUpdateDevicesResult;
        expectState(next, 'checking');
        expectContext(p, n, { picks: NO_PICKS, batch: updated(p.batch, out), lastSave: saved(out) });
        expectEffects(effects, LOAD_REVIEW);
        return;
      }
      case 'xstate.error.actor.saveDevices':
        // The picks stay on the list with the reason: nothing picked is lost to a failed save.
        expect(from).toBe('saving');
        expectState(next, 'picking');
        expectContext(p, n, { failure: { during: 'save', error: event.error } });
        expectEffects(effects, NOTHING);
        return;
      case 'xstate.done.actor.loadReview': {
        expect(from).toBe('checking');
        const review = event.output as ReleaseReview;
        expectState(next, 'review');
        expectContext(p, n, { batch: review.batch, notQualifying: review.notQualifying });
        expectEffects(effects, NOTHING);
        return;
      }
      case 'xstate.error.actor.loadReview':
        // The picks were saved: back on the list, "Save and review" again retries the review.
        expect(from).toBe('checking');
        expectState(next, 'picking');
        expectContext(p, n, { failure: { during: 'review', error: event.error } });
        expectEffects(effects, NOTHING);
        return;
      case 'review.back':
        expect(from).toBe('review');
        expectState(next, 'picking');
        expectContext(p, n, { failure: null, lastSave: null });
        expectEffects(effects, NOTHING);
        return;
      case 'review.refresh':
        expect(from).toBe('review');
        expectState(next, 'checking');
        expectContext(p, n, { failure: null });
        expectEffects(effects, LOAD_REVIEW);
        return;
      case 'board.drop':
        // One click takes one board that stopped qualifying out of the batch.
        expect(from).toBe('review');
        expectState(next, 'dropping');
        expectContext(p, n, { failure: null });
        expectEffects(effects, only('saveDevices', { batchId: BATCH_ID, change: { remove: [event.id] } }));
        return;
      case 'xstate.done.actor.dropDevice': {
        expect(from).toBe('dropping');
        const out = event.output as ReleaseBatchUpdateDevicesResult;
        // The review is loaded again and says what this change did.
        expectState(next, 'checking');
        expectContext(p, n, { lastSave: saved(out) });
        expectEffects(effects, LOAD_REVIEW);
        return;
      }
      case 'xstate.error.actor.dropDevice':
        expect(from).toBe('dropping');
        expectState(next, 'review');
        expectContext(p, n, { failure: { during: 'drop', error: event.error } });
        expectEffects(effects, NOTHING);
        return;
      case 'release.request':
        expect(from).toBe('review');
        expect(releasable(p), 'the screen offers release only for a releasable batch').toBe(true);
        expectState(next, 'confirming');
        expectContext(p, n, { failure: null });
        expectEffects(effects, NOTHING);
        return;
      case 'release.cancel':
        expect(from).toBe('confirming');
        expectState(next, 'review');
        expectContext(p, n, {});
        expectEffects(effects, NOTHING);
        return;
      case 'release.confirm':
        expect(from).toBe('confirming');
        expectState(next, 'releasing');
        expectContext(p, n, {});
        expectEffects(effects, only('releaseBatch', { batchId: BATCH_ID }));
        return;
      case 'xstate.done.actor.releaseBatch': {
        expect(from).toBe('releasing');
        expectState(next, 'released');
        expectContext(p, n, { batch: updated(p.batch, event.output as ReleaseBatchUpdateDevicesResult) });
        expectEffects(effects, NOTHING);
        return;
      }
      case 'xstate.error.actor.releaseBatch':
        // Refused (a board stopped qualifying, someone released it first) or no network: say why, stay.
        expect(from).toBe('releasing');
        expectState(next, 'review');
        expectContext(p, n, { failure: { during: 'release', error: event.error } });
        expectEffects(effects, NOTHING);
        return;
      default:
        throw new Error(`the release batch oracle does not know ${event.type}`);
    }
  },
};
