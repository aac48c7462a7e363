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

  it('keeps at most three, never the same text twice in a row, and closes on Dismiss', async () => {
    render(<Toaster />);
    act(() => {
      showSuccess('one');
      showSuccess('one');
      showSuccess('two');
      showSuccess('three');
      showSuccess('four');
    });
    const texts = () => screen.getAllByRole('paragraph').map((p) => p.textContent);
    expect(texts()).toEqual(['two', 'three', 'four']);
    await userEvent.click(screen.getAllByRole('button', { name: 'Dismiss' })[0]);
    expect(texts()).toEqual(['three', 'four']);
  });
});
