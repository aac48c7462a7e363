import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'wouter';
import { matchRoute } from '../../machines/guard';
import { LoadingBlock } from '../components/spinner';
import { useAppSelector } from './app-actor';
import { ScreenBoundary } from './screen-boundary';
import { screenFor } from './screens';

const loadLayout = () => import('../components/layout/app-layout').then((m) => ({ default: m.AppLayout }));
const AppLayout = lazy(loadLayout);

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
      <Suspense fallback={<LoadingBlock />}>
        <entry.Component params={match.params} title={entry.title} route={match.route.name} />
      </Suspense>
    </ScreenBoundary>
  );

  if (!match.route.requiresAuth) return screen;

  // Fetch the screen's chunk beside the layout's instead of after it.
  entry.preload().catch(() => {});
  return (
    <ScreenBoundary>
      <Suspense fallback={<FullPageSpinner />}>
        <AppLayout>{screen}</AppLayout>
      </Suspense>
    </ScreenBoundary>
  );
}
