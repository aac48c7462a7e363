import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StepActions } from './step-actions';

/** Back and Continue under a processing step: Continue only when the step can be confirmed, and why not beside it. */
describe('StepActions', () => {
  afterEach(cleanup);

  const BLOCKER = 'The pogo board has 2 design-for-test errors; fix the pads first.';

  it('disables Continue while the step has a blocker, and says why beside it as the button’s description', () => {
    const onContinue = vi.fn();
    render(<StepActions label="Pogo board" blocker={BLOCKER} revisiting={false} busy={false} confirming={false} onBack={() => {}} onContinue={onContinue} />);
    const next = screen.getByRole('button', { name: 'Continue' });
    expect((next as HTMLButtonElement).disabled).toBe(true);
    expect(next.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(next.getAttribute('aria-describedby')!)?.textContent).toBe(BLOCKER);
    // Beside it: the reason is the row's text just before Back and Continue.
    expect(next.parentElement?.textContent).toBe(`${BLOCKER}BackContinue`);
    expect((screen.getByRole('button', { name: 'Back' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('enables Continue once nothing blocks the step', async () => {
    const onContinue = vi.fn();
    render(<StepActions label="Pogo board" blocker={null} revisiting={false} busy={false} confirming={false} onContinue={onContinue} />);
    expect(screen.getByRole('status').textContent).toBe('Pogo board is ready to confirm.');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onContinue).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('keeps Continue for a finished step looked at again: it goes back to where the request stands', () => {
    render(<StepActions label="Pogo board" blocker={BLOCKER} revisiting busy={false} confirming={false} onContinue={() => {}} />);
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('disables both while the machine is busy', () => {
    render(<StepActions label="Modules" blocker={null} revisiting={false} busy confirming={false} onBack={() => {}} onContinue={() => {}} />);
    for (const name of ['Back', 'Continue']) expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
  });
});
