/**
 * Runs a model path on the rendered edit screen: each user event is a click (or typing) on what
 * the screen shows, each `xstate.done/error.actor.<id>` makes the provided call resolve or
 * reject. After every step the actor must be where the model says, and the screen must show
 * that state. What ran is recorded for the coverage report.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createActor, fromPromise, type AnyTransitionDefinition, type InspectionEvent } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { canRelease, hasPicks, releaseBatchMachine, type Picks } from '../../machines/release-batch.machine';
import { api } from '../../src/api/client';
import { ReleaseEditor } from '../../src/screens/projects/releases/release-editor';
import {
  EDIT_PATH,
  FAILED_LATER,
  fakeApi,
  IN_BATCH,
  MATCH_SEARCH,
  NETWORK_MESSAGE_START,
  ONE,
  PROJECT,
  SHOW_PATH,
  UNRELEASED,
} from './release-batch.fixtures';
import { CALLS, describeEvent, INPUT, serializeState, type ActorSrc, type InvokeId, type ModelEvent, type ModelPath, type RbSnapshot } from './release-batch.model';

/** What the mocked `useLeaveGuard` was last called with (the test file installs the mock). */
export const leaveGuard = { active: false, reason: '' };

/** A transition definition named so that the same one of a `.provide()`d copy matches. */
export function transitionKey(t: AnyTransitionDefinition): string {
  const list = t.source.transitions.get(t.eventType) ?? [];
  return `${t.source.id} on ${t.eventType} #${list.indexOf(t)}`;
}

/** Every transition the machine defines, on every state node. */
export function allTransitionKeys(): string[] {
  return getStateNodes(releaseBatchMachine.root).flatMap((node) => [...node.transitions.values()].flat().map(transitionKey));
}

export const coverage = { states: new Set<string>(), transitions: new Set<string>() };

type Deferred = { resolve: (value: unknown) => void; reject: (error: unknown) => void };
type Call = { src: ActorSrc; input: unknown };

const boards = (n: number) => `${n} ${n === 1 ? 'board' : 'boards'}`;

/** The body a save must send for these picks, written out independently of the machine. */
function expectedChange(picks: Picks) {
  return {
    ...(picks.remove.length ? { remove: [...picks.remove].sort((a, b) => a - b) } : {}),
    ...(picks.add.length ? { add: [...picks.add].sort((a, b) => a - b) } : {}),
    ...(picks.matching ? { add_matching: { search: picks.matching.search } } : {}),
  };
}
const sortedChange = (change: { add?: number[]; remove?: number[] }) => ({
  ...change,
  ...(change.add ? { add: [...change.add].sort((a, b) => a - b) } : {}),
  ...(change.remove ? { remove: [...change.remove].sort((a, b) => a - b) } : {}),
});

type Ctx = { user: ReturnType<typeof userEvent.setup>; history: string[] };

const button = (name: string | RegExp) => screen.findByRole('button', { name });

/** The click (or typing) on the screen that produces a user event of the model. */
async function perform(event: ModelEvent, { user, history }: Ctx) {
  switch (event.type) {
    case 'retry':
      return user.click(await button('Retry'));
    case 'device.pick':
    case 'device.unpick':
      expect(event.id).toBe(ONE.id);
      return user.click(await screen.findByRole('checkbox', { name: `Pick ${ONE.serial}` }));
    case 'page.pick':
      return user.click(await button('Select this page'));
    case 'page.unpick':
      return user.click(await button('Unselect this page'));
    case 'matching.pick': {
      const search = screen.getByRole('searchbox', { name: 'Search serials' }) as HTMLInputElement;
      if (search.value !== MATCH_SEARCH) {
        await user.clear(search);
        await user.type(search, MATCH_SEARCH);
        // The table's filter is the URL's: "all matching" records it from there.
        await waitFor(() => expect(history.at(-1)).toContain(`search=${MATCH_SEARCH}`));
      }
      return user.click(await button(`Select all ${UNRELEASED.length} matching`));
    }
    case 'matching.unpick':
      return user.click(await button('Undo all matching'));
    case 'board.remove':
    case 'board.keep':
      expect(event.id).toBe(IN_BATCH.id);
      return user.click(await screen.findByRole('checkbox', { name: `Remove ${IN_BATCH.serial}` }));
    case 'picks.clear':
      return user.click(await button('Clear picks'));
    case 'review.open':
      return user.click(await button(/^(Save and review|Review batch)$/));
    case 'review.back':
      return user.click(await button('Back to picking'));
    case 'review.refresh':
      return user.click(await button('Check again'));
    case 'board.drop':
      expect(event.id).toBe(FAILED_LATER.id);
      return user.click(await button(`Remove ${FAILED_LATER.serial}`));
    case 'release.request':
      return user.click(await button(/^Release \d+ boards?…$/));
    case 'release.cancel':
      return user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    case 'release.confirm':
      return user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /^Release \d+ boards?$/ }));
    default:
      throw new Error(`the screen has no control for ${event.type}`);
  }
}

const text = (el: HTMLElement | null) => el?.textContent?.replace(/\s+/g, ' ') ?? '';

/** What the screen must show in a snapshot of the machine. */
async function expectScreen(s: RbSnapshot, { history }: Ctx) {
  const { picks, batch, notQualifying, lastSave, failure } = s.context;
  await waitFor(() => expect(leaveGuard.active).toBe(hasPicks(picks) && !s.matches('released')));

  if (s.matches('loading')) {
    expect(await screen.findByText(/Loading release batch/)).toBeTruthy();
    return;
  }
  if (s.matches('loadFailed')) {
    const alert = await screen.findByRole('alert');
    expect(text(alert)).toContain('Could not load the release batch');
    expect(text(alert)).toContain(NETWORK_MESSAGE_START);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    return;
  }
  if (s.matches('released')) {
    await waitFor(() => expect(history.at(-1)).toBe(SHOW_PATH));
    return;
  }
  // Every other state shows the batch's name and size; under the modal dialog, hidden from readers.
  const open = s.matches('confirming') || s.matches('releasing');
  const hidden = open;
  expect(await screen.findByRole('heading', { level: 2, name: new RegExp(`^${batch!.name}`), hidden })).toBeTruthy();
  expect(screen.getByText(`${boards(batch!.device_count)} in this batch`)).toBeTruthy();

  if (s.matches('checking')) {
    expect(await screen.findByText(/Checking the batch/)).toBeTruthy();
    return;
  }

  if (s.matches('picking') || s.matches('saving')) {
    expect(screen.getByRole('heading', { name: 'Unreleased boards' })).toBeTruthy();
    const bar = screen.getByRole('region', { name: 'Your picks' });
    if (picks.add.length) expect(text(bar)).toContain(`${boards(picks.add.length)} to add`);
    if (picks.remove.length) expect(text(bar)).toContain(`${boards(picks.remove.length)} to remove`);
    if (picks.matching) expect(text(bar)).toContain(`all ${boards(picks.matching.total)} starting “${picks.matching.search}”`);
    if (!hasPicks(picks)) expect(text(bar)).toContain('No boards picked.');
    const one = (await screen.findByRole('checkbox', { name: `Pick ${ONE.serial}` })) as HTMLInputElement;
    expect(one.checked).toBe(picks.add.includes(ONE.id) || !!picks.matching);
    expect(one.disabled).toBe(!!picks.matching);
    const kept = (await screen.findByRole('checkbox', { name: `Remove ${IN_BATCH.serial}` })) as HTMLInputElement;
    expect(kept.checked).toBe(picks.remove.includes(IN_BATCH.id));
    const alerts = screen.queryAllByRole('alert').map(text).join(' | ');
    if (failure?.during === 'save') expect(alerts).toContain('Could not save your picks. They are kept');
    else if (failure?.during === 'review') expect(alerts).toContain('Your picks are saved, but the review could not load');
    else expect(alerts).toBe('');
    const next = screen.getByRole('button', { name: /^(Save and review|Review batch)$/ });
    expect(next.getAttribute('aria-busy')).toBe(s.matches('saving') ? 'true' : null);
    return;
  }

  // review, dropping, confirming, releasing: the review card, and the dialog over it.
  const review = screen.getByRole('region', { name: 'Review', hidden });
  expect(text(within(review).getByText('Boards').nextElementSibling as HTMLElement)).toBe(boards(batch!.device_count));
  for (const pb of batch!.production_batches) expect(text(review)).toContain(`${pb.name} · ${boards(pb.device_count)}`);
  if (lastSave?.added) expect(text(review)).toContain(`${boards(lastSave.added)} added`);
  if (lastSave?.removed) expect(text(review)).toContain(`${boards(lastSave.removed)} removed`);
  if (lastSave?.skipped) expect(text(review)).toContain(`${boards(lastSave.skipped)} of your picks ${lastSave.skipped === 1 ? 'was' : 'were'} skipped`);
  for (const d of notQualifying) {
    const drop = within(review).getByRole('button', { name: `Remove ${d.serial}`, hidden });
    expect(drop.getAttribute('aria-busy')).toBe(s.matches('dropping') ? 'true' : null);
  }
  if (notQualifying.length) expect(text(review)).toContain(`${boards(notQualifying.length)} no longer`);
  const alerts = within(review).queryAllByRole('alert', { hidden }).map(text).join(' | ');
  if (failure?.during === 'drop') expect(alerts).toContain('Could not remove the board');
  else if (failure?.during === 'release') expect(alerts).toMatch(/The batch was not released.*no longer qualifies/);
  else expect(alerts).toBe('');
  const release = within(review).getByRole('button', { name: /^Release \d+ boards?…$/, hidden }) as HTMLButtonElement;
  expect(text(release)).toBe(`Release ${boards(batch!.device_count)}…`);
  expect(release.disabled).toBe(!canRelease(s.context) || s.matches('dropping'));

  if (!open) {
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    return;
  }
  const dialog = await screen.findByRole('dialog', { name: `Release ${boards(batch!.device_count)}?` });
  expect(text(dialog)).toContain('This cannot be undone.');
  const confirm = within(dialog).getByRole('button', { name: `Release ${boards(batch!.device_count)}` });
  expect(confirm.getAttribute('aria-busy')).toBe(s.matches('releasing') ? 'true' : null);
}

/** Renders the edit screen on a fresh actor and runs `path` on it, step by step. */
export async function runOnScreen(path: ModelPath): Promise<void> {
  const pending = new Map<ActorSrc, Deferred>();
  const calls: Call[] = [];
  // Each call waits for the path to answer it; `any` since one helper stands in for four outputs.
  const controlled = (src: ActorSrc) =>
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    fromPromise<any, any>(({ input }) => {
      calls.push({ src, input });
      return new Promise((resolve, reject) => pending.set(src, { resolve, reject }));
    });
  const logic = releaseBatchMachine.provide({
    actors: {
      loadBatch: controlled('loadBatch'),
      saveDevices: controlled('saveDevices'),
      loadReview: controlled('loadReview'),
      releaseBatch: controlled('releaseBatch'),
    },
  });
  const actor = createActor(logic, {
    input: INPUT,
    inspect: (ev: InspectionEvent) => {
      if (ev.type === '@xstate.microstep' && ev.actorRef === actor) {
        for (const t of ev._transitions) coverage.transitions.add(transitionKey(t));
      }
    },
  });
  const nodes = getStateNodes(logic.root);
  const reached = (s: RbSnapshot) => {
    for (const node of nodes) if (s.matches(node.path.join('.') as never)) coverage.states.add(node.id);
  };

  const location = memoryLocation({ path: EDIT_PATH, record: true });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const ctx: Ctx = { user: userEvent.setup(), history: location.history };
  const adapter = api.defaults.adapter;
  api.defaults.adapter = fakeApi;
  try {
    actor.start();
    render(
      <QueryClientProvider client={client}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <ReleaseEditor actor={actor} project={PROJECT} />
        </Router>
      </QueryClientProvider>,
    );
    const [init, ...steps] = path.steps;
    expect(serializeState(actor.getSnapshot())).toBe(serializeState(init.state));
    reached(actor.getSnapshot());
    await expectScreen(actor.getSnapshot(), ctx);

    for (const [i, { event, state: expected }] of steps.entries()) {
      const where = `step ${i + 1} (${describeEvent(event)})`;
      const before = actor.getSnapshot();
      try {
        const m = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
        if (m) {
          const src = CALLS[m[2] as InvokeId];
          const call = pending.get(src);
          if (!call) throw new Error(`the model answers ${m[2]}, but the screen's actor did not call it`);
          pending.delete(src);
          await act(async () => (m[1] === 'done' ? call.resolve(event.output) : call.reject(event.error)));
          await waitFor(() => expect(actor.getSnapshot()).not.toBe(before));
        } else {
          await perform(event, ctx);
        }
        const now = actor.getSnapshot();
        expect(serializeState(now)).toBe(serializeState(expected));
        // A save sends exactly the picks; a one-click remove sends just that board.
        const lastCall = calls.at(-1);
        if (now.matches('saving') && !before.matches('saving')) {
          expect(lastCall?.src).toBe('saveDevices');
          expect(sortedChange((lastCall?.input as { change: object }).change)).toEqual(expectedChange(before.context.picks));
        }
        if (now.matches('dropping')) expect(lastCall?.input).toEqual({ batchId: INPUT.batchId, change: { remove: [event.id] } });
        reached(now);
        await expectScreen(now, ctx);
      } catch (e) {
        (e as Error).message = `${where}: ${(e as Error).message}`;
        throw e;
      }
    }
  } finally {
    actor.stop();
    cleanup();
    api.defaults.adapter = adapter;
  }
}
