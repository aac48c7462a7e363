import { mdiCheckCircleOutline, mdiClose } from '@mdi/js';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Icon } from '../icon';
import { currentToasts, dismissToast, subscribeToasts, TOAST_MS, type Toast } from './toasts';

/**
 * Where confirmations appear: at the top, centred over the top bar's empty middle, where a page
 * puts no actions (a corner of the page would cover its buttons: Upload file, a form's Save, the
 * pager), the same on a phone; read out politely (role=status) without taking focus. A message
 * of one or two lines stays within the bar, and a newer one takes its place (toasts.ts).
 * Above dialogs (z-50): a dialog that stays open after a save still shows its confirmation.
 */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, currentToasts);
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-2 top-1 z-[60] mx-auto flex max-w-md flex-col items-stretch gap-1"
    >
      {toasts.map((toast) => (
        <ToastMessage key={toast.id} toast={toast} />
      ))}
    </div>
  );
}

function ToastMessage({ toast }: { toast: Toast }) {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (held) return;
    const timer = setTimeout(() => dismissToast(toast.id), TOAST_MS);
    return () => clearTimeout(timer);
  }, [held, toast.id]);
  return (
    <p
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
      className="pointer-events-auto flex min-h-12 items-center gap-2 rounded-md border border-primary/30 bg-primary-light px-3 py-1 text-sm leading-5 text-primary-dark shadow-lg"
    >
      <Icon path={mdiCheckCircleOutline} className="shrink-0" />
      <span className="flex-1">{toast.text}</span>
      <button
        type="button"
        onClick={() => dismissToast(toast.id)}
        aria-label="Dismiss"
        className="-m-1 rounded p-1 text-primary-dark hover:bg-primary/10 focus-visible:outline-2 focus-visible:outline-primary"
      >
        <Icon path={mdiClose} size={16} />
      </button>
    </p>
  );
}
