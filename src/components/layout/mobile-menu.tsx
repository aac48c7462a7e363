import * as Dialog from '@radix-ui/react-dialog';
import { mdiClose } from '@mdi/js';
import { Icon } from '../icon';
import { NavDrawer } from './nav-drawer';

type MobileMenuProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** Below `sm` the drawer is a modal panel: focus stays inside, Escape and the backdrop close it. */
export function MobileMenu({ open, onOpenChange }: MobileMenuProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40 sm:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col overflow-y-auto bg-white shadow-xl focus:outline-none sm:hidden"
        >
          <div className="flex h-14 items-center justify-between bg-primary px-4 text-white">
            <Dialog.Title className="text-lg font-semibold">Jigboard</Dialog.Title>
            <Dialog.Close
              aria-label="Close menu"
              className="inline-flex size-10 items-center justify-center rounded-md hover:bg-white/15"
            >
              <Icon path={mdiClose} size={22} />
            </Dialog.Close>
          </div>
          <NavDrawer onNavigate={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
