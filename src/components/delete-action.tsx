import { mdiDeleteOutline } from '@mdi/js';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';
import { showSuccess } from './toast';

type DeleteActionProps = {
  /** What the thing is, in lower case: "production batch". */
  kind: string;
  /** Its name as people know it: "PB-7". The confirmation names it, so nobody deletes the wrong one. */
  name: string;
  /** What else happens, in a sentence: "Its 12 boards become pickable again." */
  consequence?: ReactNode;
  /** The DELETE call, from `src/api/`. */
  remove: () => Promise<unknown>;
  /** Refreshes what showed or counted it: the `…Deleted` of `src/api/` (built on `afterDelete`). */
  refresh: (client: QueryClient) => Promise<void>;
  /** Where to go once it is gone, when the action sits on the thing's own page. */
  leaveTo?: string;
  /** Told once it is gone and the lists refreshed, e.g. to say so in the screen's status line. */
  onDeleted?: () => void;
  /** A small text button for a table row; a full button for a page's header otherwise. */
  compact?: boolean;
  /**
   * Why the server would refuse it now, from what the screen shows, with what to do ("Holds
   * 1,502 boards: move or correct them first."): the button is disabled and says so up front,
   * instead of a dialog that ends in a refusal. Beside a full button it shows; a compact one
   * carries it as its description and tooltip. The server still decides: when the screen's
   * figures are stale, its 409 shows in the dialog as before.
   */
  unavailable?: string | null;
};

/**
 * The one delete of the app (CONTRIBUTING.md "Deletes"): asks in a dialog that names the thing,
 * calls the DELETE, and on success refreshes the lists it affects and leaves its page. A refusal
 * (the server's 409 names what still refers to it) shows in the dialog, which stays open.
 */
export function DeleteAction({ kind, name, consequence, remove, refresh, leaveTo, onDeleted, compact = false, unavailable }: DeleteActionProps) {
  const client = useQueryClient();
  const reasonId = useId();
  const [, navigate] = useLocation();
  const [asking, setAsking] = useState(false);
  const thing = `${kind} “${name}”`;
  const mutation = useMutation({
    mutationFn: remove,
    onSuccess: async () => {
      setAsking(false);
      // Leave first: the page would otherwise ask for the deleted thing again, and get a 404.
      if (leaveTo) navigate(leaveTo);
      await refresh(client);
      showSuccess(`${thing[0].toUpperCase()}${thing.slice(1)} deleted.`);
      onDeleted?.();
    },
  });
  const open = () => {
    mutation.reset();
    setAsking(true);
  };

  return (
    <>
      {compact ? (
        <>
          <Button
            variant="ghost"
            className="-my-1.5 min-h-9 px-2 text-error disabled:text-secondary/50"
            onClick={open}
            aria-label={`Delete ${thing}`}
            disabled={!!unavailable}
            title={unavailable ?? undefined}
            aria-describedby={unavailable ? reasonId : undefined}
          >
            Delete
          </Button>
          {unavailable ? (
            <span id={reasonId} className="sr-only">
              {unavailable}
            </span>
          ) : null}
        </>
      ) : unavailable ? (
        <span className="inline-flex max-w-72 flex-col items-start gap-1">
          <Button variant="secondary" icon={mdiDeleteOutline} disabled aria-describedby={reasonId}>
            Delete
          </Button>
          <span id={reasonId} className="text-xs text-secondary">
            {unavailable}
          </span>
        </span>
      ) : (
        <Button variant="secondary" icon={mdiDeleteOutline} onClick={open}>
          Delete
        </Button>
      )}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={`Delete ${thing}?`}
        description={
          <>
            {consequence ? <>{consequence} </> : null}
            This cannot be undone.
          </>
        }
        confirmLabel={`Delete ${kind}`}
        danger
        busy={mutation.isPending}
        error={mutation.error}
        onConfirm={() => mutation.mutate()}
      />
    </>
  );
}
