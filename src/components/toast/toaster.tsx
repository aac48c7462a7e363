import { mdiCheckCircleOutline, mdiClose } from '@mdi/js';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Icon } from '../icon';
import { currentToasts, dismissToast, subscribeToasts, TOAST_MS, type Toast } from './toasts';

/**
 * Where confirmations appear: bottom right on a laptop, across the bottom on a phone, read out
 * politely (role=status) without taking focus.
 */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, currentToasts);
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-3 bottom-3 z-50 flex flex-col items-stretch gap-2 sm:left-auto sm:w-96"
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
      className="pointer-events-auto flex items-start gap-2 rounded-md border border-primary/30 bg-primary-light p-3 text-sm text-primary-dark shadow-lg"
    >
      <Icon path={mdiCheckCircleOutline} className="mt-0.5" />
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
