import { act, cleanup, render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { chunk, ChunkView, type Chunk } from './chunk';

type Props = { name: string };

/** A chunk whose load the test settles by hand, counting how often it was fetched. */
function handChunk() {
  const calls: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const Greeting = ({ name }: Props) => <p>Hello {name}</p>;
  const of = chunk(
    () =>
      new Promise<{ default: typeof Greeting }>((resolve, reject) => {
        calls.push({ resolve: () => resolve({ default: Greeting }), reject });
      }),
  );
  return { of, calls };
}

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}

/** As route-view.tsx uses it, with a Suspense boundary above that shows whether React suspended. */
function View({ of }: { of: Chunk<Props> }) {
  return (
    <Suspense fallback={<p>fallback</p>}>
      <ChunkView of={of} props={{ name: 'Ada' }} waiting={<p>spinner</p>} />
    </Suspense>
  );
}

const settle = () => act(async () => {});

describe('chunk and ChunkView', () => {
  afterEach(cleanup);

  it('shows its own spinner, never a Suspense fallback, and the component once the chunk arrives', async () => {
    const { of, calls } = handChunk();
    render(<View of={of} />);
    expect(screen.getByText('spinner')).toBeTruthy();
    expect(of.loaded()).toBeUndefined();
    await act(async () => calls[0].resolve());
    expect(screen.getByText('Hello Ada')).toBeTruthy();
    expect(screen.queryByText('fallback')).toBeNull();
  });

  it('renders an arrived chunk at once, in the first render, and fetches it only once', async () => {
    const { of, calls } = handChunk();
    void of.load();
    void of.load();
    await act(async () => calls[0].resolve());
    render(<View of={of} />);
    // No effect or promise has run since render: the component came in the first render.
    expect(screen.getByText('Hello Ada')).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it('a chunk that fails reaches the error boundary, and is fetched again next time', async () => {
    const { of, calls } = handChunk();
    render(
      <Boundary>
        <View of={of} />
      </Boundary>,
    );
    await act(async () => calls[0].reject(new Error('Failed to fetch dynamically imported module: /assets/x.js')));
    // The lazy component fetches again, and its failure is thrown to the boundary.
    expect(calls).toHaveLength(2);
    await act(async () => calls[1].reject(new Error('Failed to fetch dynamically imported module: /assets/x.js')));
    await settle();
    expect(screen.getByRole('alert').textContent).toContain('/assets/x.js');
    // A later attempt (a new navigation) fetches it again and can succeed.
    const next = of.load();
    expect(calls).toHaveLength(3);
    calls[2].resolve();
    await next;
    expect(of.loaded()).toBeTruthy();
  });
});
