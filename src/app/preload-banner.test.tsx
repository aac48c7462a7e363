import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PreloadBanner } from './preload-banner';
import { reportLoadFailure } from './preload-error';

describe('PreloadBanner', () => {
  afterEach(cleanup);

  it('says nothing while every chunk loaded', () => {
    const { container } = render(<PreloadBanner />);
    expect(container.innerHTML).toBe('');
  });

  it("shows SPEC §8's 'Unable to preload CSS' with the detail and a reload action", () => {
    reportLoadFailure('Unable to preload CSS for /assets/users-abc.css');
    render(<PreloadBanner />);
    expect(screen.getByRole('alert').textContent).toContain('/assets/users-abc.css');
    expect(screen.getByText('Unable to preload CSS', { exact: true })).toBeTruthy();
    expect(screen.getByText('Unable to preload CSS for /assets/users-abc.css')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('names a failed script chunk in its own words', () => {
    reportLoadFailure('Failed to fetch dynamically imported module: /assets/x.js');
    render(<PreloadBanner />);
    expect(screen.getByText('Unable to load this page', { exact: true })).toBeTruthy();
  });
});
