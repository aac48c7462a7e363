import { Component, type ErrorInfo, type ReactNode } from 'react';
import { mdiReload } from '../components/first-screen-icons';
import { Button } from '../components/button';
import { ErrorPresenter } from '../components/error-presenter';
import { hasLoadFailure, isChunkLoadError, reportLoadFailure } from './preload-error';

type State = { error: unknown };

/**
 * Keeps one failing screen from blanking the app. A chunk that failed to load raises the
 * preload banner (with its Reload button); anything else is shown here. The caller keys it by
 * location, so moving on clears it.
 */
export class ScreenBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    if (isChunkLoadError(error)) reportLoadFailure(error instanceof Error ? error.message : String(error));
    else if (!hasLoadFailure()) console.error('Screen failed:', error, info.componentStack);
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    // After Vite's preload error is taken over, the lazy import yields nothing and React fails
    // on that instead: the banner already says what happened and offers the reload.
    if (isChunkLoadError(error) || hasLoadFailure()) {
      return <p className="py-16 text-center text-secondary">This page could not be loaded.</p>;
    }
    return (
      <div className="mx-auto flex max-w-xl flex-col items-start gap-4 py-10">
        <ErrorPresenter error={error} title="This page ran into a problem." className="w-full" />
        <Button variant="secondary" icon={mdiReload} onClick={() => window.location.reload()}>
          Reload
        </Button>
      </div>
    );
  }
}
