import { describe, expect, it } from 'vitest';
import { SharedReads } from './shared-reads';

/** A read that answers when told to, counting how often it was started. */
function controlledLoad<T>() {
  const started: { answer: (row: T) => void; fail: (error: Error) => void }[] = [];
  const load = () => new Promise<T>((answer, fail) => started.push({ answer, fail }));
  return { load, started };
}

describe('SharedReads', () => {
  it('gives requests that ask at once one read, each its own copy', async () => {
    const reads = new SharedReads();
    const { load, started } = controlledLoad<{ name: string; nested: { n: number } }>();
    const first = reads.read('project:1', load);
    const second = reads.read('project:1', load);
    const third = reads.read('project:1', load);
    expect(started).toHaveLength(1);
    started[0].answer({ name: 'Alpha', nested: { n: 1 } });
    const [a, b, c] = await Promise.all([first, second, third]);
    expect([a, b, c]).toEqual([{ name: 'Alpha', nested: { n: 1 } }, { name: 'Alpha', nested: { n: 1 } }, { name: 'Alpha', nested: { n: 1 } }]);
    b.nested.n = 2;
    expect(a.nested.n).toBe(1);
    expect(c.nested.n).toBe(1);
    expect(reads.stats).toEqual({ reads: 1, shared: 2 });
  });

  it('never shares a read begun before a write the request could know of', async () => {
    const reads = new SharedReads();
    const { load, started } = controlledLoad<string>();
    const before = reads.read('project:1', load);
    reads.written(); // a write committed and answered while the first read was under way
    const after = reads.read('project:1', load);
    const alsoAfter = reads.read('project:1', load);
    expect(started).toHaveLength(2);
    started[0].answer('old name');
    started[1].answer('new name');
    expect(await before).toBe('old name');
    expect(await after).toBe('new name');
    expect(await alsoAfter).toBe('new name');
  });

  it('keeps nothing once a read is over, and never shares between rows', async () => {
    const reads = new SharedReads();
    const { load, started } = controlledLoad<number>();
    const one = reads.read('project:1', load);
    const two = reads.read('project:2', load);
    expect(started).toHaveLength(2);
    started[0].answer(1);
    started[1].answer(2);
    expect([await one, await two]).toEqual([1, 2]);
    const again = reads.read('project:1', load);
    expect(started).toHaveLength(3);
    started[2].answer(10);
    expect(await again).toBe(10);
  });

  it('fails every request that shared a failed read, and reads afresh for the next', async () => {
    const reads = new SharedReads();
    const { load, started } = controlledLoad<number>();
    const first = reads.read('batch:3', load);
    const second = reads.read('batch:3', load);
    started[0].fail(new Error('connection reset'));
    await expect(first).rejects.toThrow('connection reset');
    await expect(second).rejects.toThrow('connection reset');
    const next = reads.read('batch:3', load);
    expect(started).toHaveLength(2);
    started[1].answer(3);
    expect(await next).toBe(3);
  });
});
