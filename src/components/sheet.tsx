import * as Dialog from '@radix-ui/react-dialog';
import { mdiClose } from '@mdi/js';
import type { ReactNode } from 'react';
import { Icon } from './icon';

type SheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** A line under the title; also the dialog's description for readers. */
  description?: ReactNode;
  /** Left of the title, e.g. a Back button inside the sheet. */
  leading?: ReactNode;
  children: ReactNode;
};

/**
 * A panel sliding in from the right over the page (Radix Dialog: focus kept inside, Escape and
 * the backdrop close it); the whole screen on phones.
 */
export function Sheet({ open, onOpenChange, title, description, leading, children }: SheetProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        {/* The content's own layer: a dialog opened from another one dims it too (later in the page, so on top). */}
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          // Without a description, say so: Radix would otherwise point at a missing one.
          {...(description ? {} : { 'aria-describedby': undefined })}
          className="fixed inset-y-0 right-0 z-50 flex w-full flex-col bg-background shadow-xl focus:outline-none sm:max-w-2xl sm:border-l sm:border-secondary-light"
        >
          <div className="flex min-h-14 items-center gap-2 border-b border-secondary-light bg-white px-3 py-2 sm:px-4">
            {leading}
            <div className="min-w-0 flex-1">
              <Dialog.Title className="truncate text-lg font-semibold text-gray-900">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="truncate text-sm text-secondary">{description}</Dialog.Description>
              ) : null}
            </div>
            <Dialog.Close
              aria-label="Close"
              className="inline-flex size-10 shrink-0 items-center justify-center rounded-md text-secondary hover:bg-secondary-light"
            >
              <Icon path={mdiClose} size={22} />
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto p-3 sm:p-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
