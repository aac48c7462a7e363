import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

function Harness({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title="Remove user?"
      description="They can no longer log in."
      confirmLabel="Remove user"
      onConfirm={onConfirm}
      danger
    />
  );
}

describe('ConfirmDialog', () => {
  afterEach(cleanup);

  it('is a named dialog that confirms or cancels', async () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    const dialog = screen.getByRole('dialog', { name: 'Remove user?' });
    expect(dialog.textContent).toContain('They can no longer log in.');
    await userEvent.click(screen.getByRole('button', { name: 'Remove user' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
