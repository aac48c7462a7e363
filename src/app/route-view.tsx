import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { matchRoute } from '../../machines/guard';
import { LoadingBlock } from '../components/spinner';
import { useAppSelector } from './app-actor';
import { chunk, ChunkView } from '../lib/chunk';
import { ScreenBoundary } from './screen-boundary';
import type { ScreenProps } from './screen-props';
import { screenFor, type ScreenEntry } from './screens';

const layout = chunk(() => import('../components/layout/app-layout').then((m) => ({ default: m.AppLayout })));

function FullPageSpinner() {
  return <LoadingBlock className="min-h-dvh" />;
}

/**
 * Shows the screen for the location the root machine accepted. Nothing here decides whether
 * the user may be there: by the time a location reaches this view the guard has allowed it.
 */
export function RouteView() {
  const [pathname] = useLocation();
  const starting = useAppSelector((s) => s.matches('starting'));
  const match = matchRoute(pathname);
  const entry = screenFor(match.route.name);

  useEffect(() => {
    document.title = `${entry.title} · Jigboard`;
  }, [entry.title]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  // Until the stored login is known, no screen can be judged; a redirect route never stays.
  if (starting || match.route.redirect) return <FullPageSpinner />;

  const screen = (
    <ScreenBoundary key={pathname}>
      <ScreenView entry={entry} params={match.params} route={match.route.name} />
    </ScreenBoundary>
  );

  if (!match.route.requiresAuth || entry.fullScreen) return screen;

  // Fetch the screen's chunk beside the layout's instead of after it.
  entry.chunk.load().catch(() => {});
  return (
    <ScreenBoundary>
      <LayoutView>{screen}</LayoutView>
    </ScreenBoundary>
  );
}

/** The screen, or a spinner while its chunk is on the way (chunk.ts: not a Suspense fallback, which React holds back 300 ms). */
function ScreenView({ entry, params, route }: { entry: ScreenEntry; params: ScreenProps['params']; route: string }) {
  return <ChunkView of={entry.chunk} props={{ params, title: entry.title, route }} waiting={<LoadingBlock />} />;
}

/** The signed-in layout around the screen, as the screen is (ScreenView). */
function LayoutView({ children }: { children: ReactNode }) {
  return <ChunkView of={layout} props={{ children }} waiting={<FullPageSpinner />} />;
}
