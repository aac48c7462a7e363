import { createElement, lazy, Suspense, useEffect, useState, type ComponentProps, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';

/**
 * A component in a chunk of its own, fetched once. `Lazy` is React's lazy component for it;
 * `loaded()` is the component itself once the chunk has arrived.
 *
 * Why both: React suspends on a lazy component's first render even when its chunk is already
 * here, and once a Suspense fallback is on screen it holds back what replaces it until 300 ms
 * after that fallback showed (react-dom's FALLBACK_THROTTLE_MS). Measured in Chromium on the
 * login page: its chunk arrived 63–91 ms after the navigation began, its heading showed at
 * 369–497 ms. `ChunkView` renders a chunk's component directly, and shows what it is given to
 * wait with, not a fallback, while the chunk is on its way, so the component shows as soon as it
 * can. Every component of the app in a chunk of its own goes through it: screens, the layout, a
 * dialog, a chart.
 */
export type Chunk<P> = {
  Lazy: LazyExoticComponent<ComponentType<P>>;
  load: () => Promise<{ default: ComponentType<P> }>;
  loaded: () => ComponentType<P> | undefined;
};

/** A chunk of the component `load` imports; its props are that component's (typed from the module, not the call). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component: its props come from it
export function chunk<C extends ComponentType<any>>(load: () => Promise<{ default: C }>): Chunk<ComponentProps<C>> {
  type P = ComponentProps<C>;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  let component: ComponentType<P> | undefined;
  const once = () =>
    (pending ??= load().then(
      (module) => {
        component = module.default as ComponentType<P>;
        return { default: component };
      },
      (error: unknown) => {
        // A chunk that failed to arrive is fetched again next time (a new deploy, a network blip).
        pending = undefined;
        throw error;
      },
    ));
  return { Lazy: lazy(once), load: once, loaded: () => component };
}

/**
 * The chunk's component once it has arrived, fetching it if need be; undefined meanwhile. A
 * chunk that fails to arrive comes back as its lazy component, whose render throws the error to
 * the nearest error boundary, as before (preload-error.ts).
 */
function useChunk<P>(of: Chunk<P>): ComponentType<P> | undefined {
  const [failed, setFailed] = useState<Chunk<P> | null>(null);
  const [, arrived] = useState(0);
  const component = of.loaded();
  useEffect(() => {
    if (component) return;
    let current = true;
    of.load().then(
      () => current && arrived((n) => n + 1),
      () => current && setFailed(of),
    );
    return () => {
      current = false;
    };
  }, [of, component]);
  if (component) return component;
  return failed === of ? of.Lazy : undefined;
}

/**
 * The chunk's component with `props`, or `waiting` while the chunk is on its way. Also the
 * Suspense fallback, shown only when a chunk that failed is fetched again (useChunk).
 */
export function ChunkView<P extends object>({ of, props, waiting }: { of: Chunk<P>; props: P; waiting: ReactNode }) {
  const Loaded = useChunk(of);
  if (!Loaded) return waiting;
  return createElement(Suspense, { fallback: waiting }, createElement(Loaded, props));
}
