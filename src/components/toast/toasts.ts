/**
 * Short confirmations ("Batch “PB-7” created.") that outlive the dialog or page that made them:
 * a dialog closes on success, a create moves to the new row's page, and the message must still
 * be read. One list for the whole app, shown by <Toaster/> in the layout.
 */
export type Toast = { id: number; text: string };

/** Long enough to read a sentence twice; hovering or focusing a message keeps it. */
export const TOAST_MS = 6000;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

const publish = (next: readonly Toast[]) => {
  toasts = next;
  for (const listener of listeners) listener();
};

/**
 * Says that something succeeded. One shows at a time, in the top bar's band (<Toaster/>): a newer
 * one replaces it, so none stacks down over the page. The same text twice in a row shows once.
 */
export function showSuccess(text: string): void {
  if (toasts.at(-1)?.text === text) return;
  publish([{ id: nextId++, text }]);
}

export function dismissToast(id: number): void {
  publish(toasts.filter((t) => t.id !== id));
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const currentToasts = (): readonly Toast[] => toasts;
