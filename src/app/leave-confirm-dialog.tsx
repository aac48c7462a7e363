import { lazy, Suspense } from 'react';
import { appActor, useAppSelector, type AppSnapshot } from './app-actor';

// Loaded when first asked: Radix Dialog would otherwise weigh on the /login bundle (~16 KiB gzip).
const ConfirmDialog = lazy(() => import('../components/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));

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
    <Suspense fallback={null}>
      <ConfirmDialog
        open={asking}
        onOpenChange={(open) => {
          if (!open) appActor.send({ type: 'leave.cancel' });
        }}
        title="Leave this page?"
        description={reason}
        cancelLabel="Stay"
        confirmLabel="Leave"
        danger
        onConfirm={() => appActor.send({ type: 'leave.confirm' })}
      />
    </Suspense>
  );
}
