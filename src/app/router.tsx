import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { splitLocation } from '../../machines/guard';
import { navigate, useAppSelector, type AppSnapshot, type NavigateOptions } from './app-actor';

const selectLocation = (s: AppSnapshot) => s.context.location;

/** The query string of a location, without `?` and without the hash. */
export function searchOf(location: string): string {
  const { rest } = splitLocation(location);
  return rest.startsWith('?') ? rest.slice(1).split('#')[0] : '';
}

/**
 * Wouter's location is the one the root machine accepted, and wouter's navigate asks the
 * machine: links, `navigate()` and redirects all pass the guard there.
 */
function useMachineLocation(): [string, (to: string, options?: NavigateOptions) => void] {
  return [splitLocation(useAppSelector(selectLocation)).pathname, navigate];
}

function useMachineSearch(): string {
  return searchOf(useAppSelector(selectLocation));
}

export function AppRouter({ children }: { children: ReactNode }) {
  return (
    <Router hook={useMachineLocation} searchHook={useMachineSearch}>
      {children}
    </Router>
  );
}
