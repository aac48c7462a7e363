import * as Dialog from '@radix-ui/react-dialog';
import { mdiClose } from '@mdi/js';
import type { ReactNode, RefObject } from 'react';
import { Button } from './button';
import { FormError } from './form/form-error';
import { Icon } from './icon';

type FormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** While saving, Escape and the backdrop do not close it: the answer still has to arrive. */
  busy?: boolean;
  /** Where focus goes on opening (default: the first focusable element, which is Close). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** `wide` for a list of rows to review (a proposal), not a short form. */
  size?: 'default' | 'wide';
  children: ReactNode;
};

/** A short form over the page (a new batch, a manufacturer): Radix, like every dialog here. */
export function FormDialog({ open, onOpenChange, title, description, busy = false, initialFocus, size = 'default', children }: FormDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <Dialog.Portal>
        {/* The content's own layer: a dialog opened from another one dims it too (later in the page, so on top). */}
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          // Without a description, say so: Radix would otherwise point at a missing one.
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={(event) => {
            if (!initialFocus?.current) return;
            event.preventDefault();
            initialFocus.current.focus();
          }}
          // Radix hears Escape first (capture); an open list (the async select) closes before the dialog does.
          onEscapeKeyDown={(event) => {
            if (event.target instanceof Element && event.target.closest('[role="combobox"][aria-expanded="true"]')) event.preventDefault();
          }}
          className={`fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] ${size === 'wide' ? 'max-w-4xl' : 'max-w-lg'} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-5 shadow-xl focus:outline-none`}
        >
          <div className="mb-4 flex items-start justify-between gap-3">
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-semibold text-gray-900">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="mt-1 text-sm text-secondary">{description}</Dialog.Description>
              ) : null}
            </div>
            <Dialog.Close
              aria-label="Close"
              disabled={busy}
              className="-mt-1 -mr-2 inline-flex size-9 shrink-0 items-center justify-center rounded-md text-secondary hover:bg-secondary-light"
            >
              <Icon path={mdiClose} />
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The foot of a dialog's form: its error, Cancel, and the submit button (busy while saving). */
export function FormDialogActions({
  formError,
  busy,
  submitLabel,
  onCancel,
  danger = false,
}: {
  formError: string | null;
  busy: boolean;
  submitLabel: string;
  onCancel: () => void;
  /** The submit destroys or refuses something (a rejection): red, as ConfirmDialog's danger. */
  danger?: boolean;
}) {
  return (
    <>
      <FormError message={formError} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant={danger ? 'danger' : 'primary'} busy={busy}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
