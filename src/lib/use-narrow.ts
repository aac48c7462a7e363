import { useSyncExternalStore } from 'react';

const QUERY = '(max-width: 639px)';

const subscribe = (onChange: () => void) => {
  const media = window.matchMedia?.(QUERY);
  media?.addEventListener('change', onChange);
  return () => media?.removeEventListener('change', onChange);
};

/**
 * True below Tailwind's `sm` (a phone): charts use fewer ticks, shorter labels and narrower axes,
 * and a DataTable shows its rows as cards.
 */
export function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(QUERY).matches ?? false,
    () => false,
  );
}
