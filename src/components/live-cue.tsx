import { useEffect, useRef, useState } from 'react';
import type { LiveReportEvent } from '../../contract/live';
import { onLiveRefresh } from '../api/live';
import { Badge } from './badge';

/** How long the cue stays after the last report it counted. */
export const LIVE_CUE_MS = 10_000;

/**
 * "New results": shown for a few seconds once the screen's figures were refetched because a jig
 * reported something the screen shows (`matches`). A polite live region, so a reader hears it
 * once when it appears, not again for every report of a busy line while it stays.
 */
export function LiveCue({ matches, className }: { matches: (event: LiveReportEvent) => boolean; className?: string }) {
  const [shownAt, setShownAt] = useState<number | null>(null);
  const latest = useRef(matches);
  useEffect(() => {
    latest.current = matches;
  });
  useEffect(
    () =>
      onLiveRefresh((events) => {
        if (events.some((event) => latest.current(event))) setShownAt(Date.now());
      }),
    [],
  );
  useEffect(() => {
    if (shownAt === null) return;
    const timer = setTimeout(() => setShownAt(null), LIVE_CUE_MS);
    return () => clearTimeout(timer);
  }, [shownAt]);

  return (
    <span role="status" aria-live="polite" className={className}>
      {shownAt === null ? null : (
        <Badge tone="info" className="motion-safe:animate-pulse">
          New results
        </Badge>
      )}
    </span>
  );
}
