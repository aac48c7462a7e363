import { act, cleanup, render, screen, fireEvent } from '@testing-library/react';
import { StrictMode, useEffect } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import type { Session } from '../../machines/app.machine';
import { appActor, navigate, startSession } from './app-actor';
import { LeaveConfirmDialog } from './leave-confirm-dialog';
import { useLeaveGuard } from './use-leave-guard';

const session: Session = {
  token: { type: 'Bearer', token: 'tok-engineer' },
  user: {
    id: 11,
    username: 'acme-engineer',
    email: 'acme-engineer@example.com',
    company_id: 3,
    company: { id: 3, name: 'Acme', type: 'customer' },
    role_ids: [3],
    roles: [{ id: 3, slug: 'engineer', name: 'Engineer' }],
    created_at: '2024-01-01T00:00:00.000Z',
    updated_at: '2024-01-01T00:00:00.000Z',
  },
};

/** Lets the hook's coalesced publish (a microtask) run. */
const settle = () => act(async () => {});
const context = () => appActor.getSnapshot().context;
const beforeUnloadAsks = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

function Guarded({ active, reason, onRelease }: { active: boolean; reason: string; onRelease?: (r: () => void) => void }) {
  const { release } = useLeaveGuard(active, reason);
  useEffect(() => onRelease?.(release), [onRelease, release]);
  return <p>{reason}</p>;
}

beforeAll(async () => {
  // No stored login in jsdom: start-up ends logged out, then an invitation signs someone in.
  await waitFor(appActor, (s) => s.matches('loggedOut'));
  startSession(session, '/me');
});

afterEach(async () => {
  cleanup();
  await settle();
  if (!appActor.getSnapshot().matches({ loggedIn: 'browsing' })) appActor.send({ type: 'leave.cancel' });
  vi.restoreAllMocks();
});

describe('startSession', () => {
  it('signed the new account in at the place asked for, stored like a login', () => {
    expect(appActor.getSnapshot().matches({ loggedIn: 'browsing' })).toBe(true);
    expect(context().location).toBe('/me');
    expect(window.location.pathname).toBe('/me');
    expect(JSON.parse(localStorage.getItem('user-token') ?? 'null')).toEqual(session.token);
  });
});

describe('useLeaveGuard', () => {
  it('under StrictMode blocks once, and unblocks on unmount', async () => {
    const send = vi.spyOn(appActor, 'send');
    const { unmount } = render(
      <StrictMode>
        <Guarded active reason="Unsaved profile." />
      </StrictMode>,
    );
    await settle();
    expect(context().block).toEqual({ reason: 'Unsaved profile.' });
    // The mount, unmount, mount of StrictMode did not flicker through an unblock.
    expect(send.mock.calls.map(([e]) => e.type)).toEqual(['nav.block']);
    expect(beforeUnloadAsks()).toBe(true);
    unmount();
    await settle();
    expect(context().block).toBeNull();
    expect(beforeUnloadAsks()).toBe(false);
  });

  it('follows `active` and `reason`', async () => {
    const { rerender } = render(<Guarded active={false} reason="A" />);
    await settle();
    expect(context().block).toBeNull();
    rerender(<Guarded active reason="A" />);
    await settle();
    expect(context().block).toEqual({ reason: 'A' });
    rerender(<Guarded active reason="B" />);
    await settle();
    expect(context().block).toEqual({ reason: 'B' });
    rerender(<Guarded active={false} reason="B" />);
    await settle();
    expect(context().block).toBeNull();
  });

  it('stays blocked until every guard on the page is gone', async () => {
    const first = render(<Guarded active reason="First form." />);
    const second = render(<Guarded active reason="Second form." />);
    await settle();
    expect(context().block).toEqual({ reason: 'Second form.' });
    second.unmount();
    await settle();
    expect(context().block).toEqual({ reason: 'First form.' });
    first.unmount();
    await settle();
    expect(context().block).toBeNull();
  });

  it('release() lets the navigation after a save through at once', async () => {
    let release = () => {};
    render(<Guarded active reason="Unsaved user." onRelease={(r) => (release = r)} />);
    await settle();
    expect(context().block).not.toBeNull();
    act(() => {
      release();
      navigate('/users/5');
    });
    expect(appActor.getSnapshot().matches({ loggedIn: 'browsing' })).toBe(true);
    expect(context().location).toBe('/users/5');
    await settle();
    // Still shown and still "dirty", but saved: the guard does not come back by itself.
    expect(context().block).toBeNull();
    act(() => navigate('/me'));
  });
});

describe('LeaveConfirmDialog', () => {
  it('asks with the reason; Stay keeps the page and the guard, Leave goes', async () => {
    render(
      <>
        <Guarded active reason="Your changes to your profile are not saved yet." />
        <LeaveConfirmDialog />
      </>,
    );
    await settle();
    const from = context().location;
    act(() => navigate('/users/5'));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    expect(dialog.textContent).toContain('Your changes to your profile are not saved yet.');

    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(context().location).toBe(from);
    expect(context().block).not.toBeNull();

    act(() => navigate('/users/5'));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(context().location).toBe('/users/5');
    expect(window.location.pathname).toBe('/users/5');
    // The guarded component is still mounted here (no router in this test): it guards again.
    await settle();
    expect(context().block).toEqual({ reason: 'Your changes to your profile are not saved yet.' });
  });
});
