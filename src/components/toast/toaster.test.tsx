import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from './toaster';
import { dismissToast, currentToasts, showSuccess, TOAST_MS } from './toasts';

afterEach(() => {
  for (const t of currentToasts()) dismissToast(t.id);
  cleanup();
  vi.useRealTimers();
});

describe('Toaster', () => {
  it('reads a success out politely and lets it go after a while', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => showSuccess('Production batch “PB-7” created.'));
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toContain('Production batch “PB-7” created.');
    act(() => vi.advanceTimersByTime(TOAST_MS + 10));
    expect(region.textContent).toBe('');
  });

  it('shows one at a time, the newest, so none stacks down over the page; closes on Dismiss', async () => {
    render(<Toaster />);
    const texts = () => screen.queryAllByRole('paragraph').map((p) => p.textContent);
    act(() => showSuccess('one'));
    expect(texts()).toEqual(['one']);
    act(() => {
      showSuccess('two');
      showSuccess('two');
    });
    expect(texts()).toEqual(['two']);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(texts()).toEqual([]);
  });

  it('sits at the top, over the top bar’s band, not in a corner of the page', () => {
    render(<Toaster />);
    const region = screen.getByRole('status');
    expect(region.className).toMatch(/\btop-1\b/);
    expect(region.className).not.toMatch(/\bbottom-/);
  });
});
