import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InviteLink } from './invite-link';

const LINK = 'http://localhost/register?token=abc';

describe('InviteLink', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('copies the link to the clipboard and says so', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(<InviteLink link={LINK} email="a@example.com" expiresAt="2030-01-01T00:00:00.000Z" />);
    expect(screen.getByText(/will not be shown again/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
  });

  it('selects the text for the keyboard when the browser refuses the clipboard', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) } });
    render(<InviteLink link={LINK} email="a@example.com" expiresAt="2030-01-01T00:00:00.000Z" />);
    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    const input = screen.getByLabelText('Invitation link') as HTMLInputElement;
    expect(document.activeElement).toBe(input);
    expect(input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0)).toBe(LINK);
    expect(screen.getByRole('status').textContent).toContain('Ctrl+C');
  });
});
