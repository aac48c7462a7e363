import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appActor } from '../../app/app-actor';
import { LoginScreen } from './login-screen';

describe('LoginScreen', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('checks the contract’s schema before sending: messages beside the fields, nothing sent', async () => {
    const send = vi.spyOn(appActor, 'send').mockImplementation(() => {});
    render(<LoginScreen />);
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));

    const username = screen.getByLabelText('Username');
    await waitFor(() => expect(username.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(username.getAttribute('aria-describedby')!)?.textContent).toBe('Username is required.');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(username));
    expect(send).not.toHaveBeenCalledWith(expect.objectContaining({ type: 'login.submit' }));

    // Typing clears that field's message; the trimmed name and the password are sent.
    await userEvent.type(username, ' ada ');
    expect(username.hasAttribute('aria-invalid')).toBe(false);
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith({ type: 'login.submit', username: 'ada', password: 'secret' }));
  });
});
