import { chunk, ChunkView } from '../lib/chunk';
import { appActor, useAppSelector, type AppSnapshot } from './app-actor';

// Loaded when first asked: Radix Dialog would otherwise weigh on the /login bundle (~16 KiB gzip).
const confirmDialog = chunk(() => import('../components/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));

const selectAsking = (s: AppSnapshot) => s.matches({ loggedIn: 'confirmingLeave' });
const selectReason = (s: AppSnapshot) => s.context.block?.reason ?? '';

/**
 * The question the root machine asks when a screen with unsaved input is being left
 * (`useLeaveGuard`). Stay is the default: Escape, the overlay and the first button keep the input.
 */
export function LeaveConfirmDialog() {
  const asking = useAppSelector(selectAsking);
  const reason = useAppSelector(selectReason);
  if (!asking) return null;
  return (
    <ChunkView
      of={confirmDialog}
      props={{
        open: asking,
        onOpenChange: (open: boolean) => {
          if (!open) appActor.send({ type: 'leave.cancel' });
        },
        title: 'Leave this page?',
        description: reason,
        cancelLabel: 'Stay',
        confirmLabel: 'Leave',
        danger: true,
        onConfirm: () => appActor.send({ type: 'leave.confirm' }),
      }}
      waiting={null}
    />
  );
}
