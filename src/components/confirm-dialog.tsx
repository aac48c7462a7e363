import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { Button } from './button';
import { ErrorPresenter } from './error-presenter';

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** Name of the confirming button, e.g. "Delete user"; say what happens, not "OK". */
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  /** While the confirmed action runs, the dialog stays open and cannot be confirmed twice. */
  busy?: boolean;
  danger?: boolean;
  /** A failed attempt, shown above the buttons so the user can retry or cancel. */
  error?: unknown;
};

/** Asks before something that cannot be undone. The one dialog of the app is Radix's. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  busy = false,
  danger = false,
  error,
}: ConfirmDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <Dialog.Portal>
        {/* The content's own layer: a dialog opened from another one dims it too (later in the page, so on top). */}
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-5 shadow-xl focus:outline-none">
          <Dialog.Title className="text-lg font-semibold text-gray-900">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-secondary">{description}</Dialog.Description>
          {error ? <ErrorPresenter error={error} className="mt-4" /> : null}
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="secondary" disabled={busy}>
                {cancelLabel}
              </Button>
            </Dialog.Close>
            <Button variant={danger ? 'danger' : 'primary'} busy={busy} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
