/**
 * The edit screen as the release batch machine's stage: `ReleaseEditor` rendered on the walked
 * actor, each user event a click (or typing) on what the screen shows, and after every step what
 * the screen must show in that state. The lists it reads come from a fake axios adapter.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ActorRefFrom } from 'xstate';
import type { releaseBatchMachine } from '../../machines/release-batch.machine';
import { axiosInstance } from '../../src/api/client';
import { ReleaseEditor } from '../../src/screens/projects/releases/release-editor';
import type { ModelEvent, Stage } from './harness';
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
import type { RbSnapshot } from './release-batch.model';
import { anyPicks as hasPicks, releasable as canRelease } from './release-batch.oracle';

/** The app's axios instance (created by the first call): its adapter is the fake server. */
const instance = await axiosInstance();

/** What the mocked `useLeaveGuard` was last called with (the test file installs the mock). */
export const leaveGuard = { active: false, reason: '' };

const boards = (n: number) => `${n} ${n === 1 ? 'board' : 'boards'}`;

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

/** A fresh edit screen per walk, in a memory router with its own query client. */
export function rbStage(): Stage<RbSnapshot> {
  const location = memoryLocation({ path: EDIT_PATH, record: true });
  const ctx: Ctx = { user: userEvent.setup(), history: location.history };
  const adapter = instance.defaults.adapter;
  return {
    mount: (actor) => {
      instance.defaults.adapter = fakeApi;
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      render(
        <QueryClientProvider client={client}>
          <Router hook={location.hook} searchHook={location.searchHook}>
            <ReleaseEditor actor={actor as ActorRefFrom<typeof releaseBatchMachine>} project={PROJECT} />
          </Router>
        </QueryClientProvider>,
      );
    },
    perform: (event) => perform(event, ctx),
    show: (snapshot) => expectScreen(snapshot, ctx),
    act: (fn) => act(fn),
    unmount: () => {
      cleanup();
      instance.defaults.adapter = adapter;
    },
  };
}
