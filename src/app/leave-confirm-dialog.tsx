import { ConfirmDialog } from '../components/confirm-dialog';
import { appActor, useAppSelector, type AppSnapshot } from './app-actor';

const selectAsking = (s: AppSnapshot) => s.matches({ loggedIn: 'confirmingLeave' });
const selectReason = (s: AppSnapshot) => s.context.block?.reason ?? '';

/**
 * The question the root machine asks when a screen with unsaved input is being left
 * (`useLeaveGuard`). Stay is the default: Escape, the overlay and the first button keep the input.
 */
export function LeaveConfirmDialog() {
  const asking = useAppSelector(selectAsking);
  const reason = useAppSelector(selectReason);
  return (
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
  );
}
