import { useId } from 'react';
import { Button } from '../../../components/button';

type StepActionsProps = {
  /** The step's name, for "… is ready to confirm." */
  label: string;
  /** Why the step cannot be confirmed yet (the contract's `stepBlocker`), or null. */
  blocker: string | null;
  /** A finished step looked at again: Continue goes back to where the request stands, blocked or not. */
  revisiting: boolean;
  /** The machine is saving or loading: nothing may be pressed. */
  busy: boolean;
  confirming: boolean;
  onBack?: () => void;
  onContinue: () => void;
};

/**
 * Back and Continue under a step's panel, with what the step still needs beside Continue. A step
 * that cannot be confirmed (the pogo board with design-for-test errors, a map step with groups
 * unmapped) has Continue disabled, described by that reason, rather than a press that fails.
 */
export function StepActions({ label, blocker, revisiting, busy, confirming, onBack, onContinue }: StepActionsProps) {
  const reasonId = useId();
  const blocked = !!blocker && !revisiting;
  return (
    <div className="flex flex-wrap items-center justify-end gap-3">
      <p id={reasonId} className={blocked ? 'text-sm text-error' : 'text-sm text-secondary'} role="status">
        {blocker ?? (revisiting ? '' : `${label} is ready to confirm.`)}
      </p>
      {onBack ? (
        <Button variant="secondary" disabled={busy} onClick={onBack}>
          Back
        </Button>
      ) : null}
      <Button busy={confirming} disabled={busy || blocked} aria-describedby={blocked ? reasonId : undefined} onClick={onContinue}>
        Continue
      </Button>
    </div>
  );
}
