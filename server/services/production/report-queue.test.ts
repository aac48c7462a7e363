import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { JigReportInput } from '../../../contract/jig';
import type { PipelinedTransactions } from '../../db/pipelined';
import type { DB } from '../../db/schema';
import type { IngestItem, IngestOutcome, IngestWith, WriteTurn } from './ingest';
import { ReportQueue } from './report-queue';

/** A group the stand-in store was handed, and the steps it takes when the test says so. */
type Group = { serials: string[]; turn: WriteTurn; write: () => Promise<void>; answer: () => void };

/**
 * A stand-in for ingestion that does nothing until told: the test plays each group's
 * transaction step by step (read, take the turn, write, commit) and watches what the queue
 * lets happen meanwhile.
 */
function standIn() {
  const groups: Group[] = [];
  const store = (_db: Kysely<DB>, items: IngestItem[], { turn }: IngestWith = {}) =>
    new Promise<IngestOutcome[]>((resolve) => {
      groups.push({
        serials: items.map((item) => item.input.serial),
        turn: turn!,
        write: () => turn!.take(),
        answer: () => {
          turn!.pass();
          resolve(items.map((_, i) => ({ ok: true, result: { report_id: i, device_id: i, duplicate: false, out_of_policy: null, out_of_policy_words: null } })));
        },
      });
    });
  return { groups, store: store as never };
}

const post = (serial: string) => ({ serial }) as JigReportInput;
const jig = { id: 1, company_id: 1 };
/** A few turns of the event loop and a moment: what the queue starts, it starts in a later turn (or after its 1 ms gathering wait). */
const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
  await new Promise((r) => setTimeout(r, 5));
};
/** Groups can overlap only on connections of their own; the stand-in store never uses them. */
const pipelined = {} as PipelinedTransactions;
const state = (p: Promise<unknown>) => Promise.race([p.then(() => 'done'), new Promise((r) => setImmediate(() => r('waiting')))]);

describe('ReportQueue, two groups in flight (PostgreSQL with REPORT_GROUPS_IN_FLIGHT=2)', () => {
  it('starts the next group when one writes, and lets it write only after that one passes the turn', async () => {
    const { groups, store } = standIn();
    const queue = new ReportQueue({} as Kysely<DB>, { most: 2, overlapping: 2, pipelined, store });
    const answers = ['A', 'B', 'C', 'D', 'E', 'F'].map((serial) => queue.submit(jig, post(serial)));
    await settle();
    // One group reads at a time, so the waiting posts stay together for the next.
    expect(groups.map((g) => g.serials)).toEqual([['A', 'B']]);

    const firstWrites = groups[0].write();
    await settle();
    expect(groups.map((g) => g.serials)).toEqual([['A', 'B'], ['C', 'D']]);
    // The second group's writes wait for the first's turn…
    const secondWrites = groups[1].write();
    expect(await state(firstWrites)).toBe('done');
    expect(await state(secondWrites)).toBe('waiting');
    // …and no third group starts while two are in flight.
    await settle();
    expect(groups).toHaveLength(2);

    groups[0].answer();
    expect(await state(secondWrites)).toBe('done');
    await settle();
    expect(groups.map((g) => g.serials)).toEqual([['A', 'B'], ['C', 'D'], ['E', 'F']]);
    groups[1].answer();
    await groups[2].write();
    groups[2].answer();
    expect(await Promise.all(answers)).toHaveLength(6);
  });

  it('keeps a post that arrives while a group reads for the next group, started once that one writes', async () => {
    const { groups, store } = standIn();
    const queue = new ReportQueue({} as Kysely<DB>, { most: 8, overlapping: 2, pipelined, store });
    const first = queue.submit(jig, post('A'));
    await settle();
    const later = [queue.submit(jig, post('B')), queue.submit(jig, post('C'))];
    await settle();
    expect(groups.map((g) => g.serials)).toEqual([['A']]);
    await groups[0].write();
    await settle();
    expect(groups.map((g) => g.serials)).toEqual([['A'], ['B', 'C']]);
    groups[0].answer();
    await groups[1].write();
    groups[1].answer();
    expect(await Promise.all([first, ...later])).toHaveLength(3);
  });

  it('does not hold the next group for a redo of a round (the redo may wait on that group)', async () => {
    const { groups, store } = standIn();
    // The first group's round is redone: its first transaction rolls back after taking its
    // turn, and the redo needs a row the second group holds until it commits.
    let secondCommitted!: () => void;
    const secondsRow = new Promise<void>((r) => (secondCommitted = r));
    const redoing = (db: Kysely<DB>, items: IngestItem[], how: IngestWith = {}): Promise<IngestOutcome[]> => {
      const turn = how.turn;
      if (items[0].input.serial !== 'A') return (store as typeof redoing)(db, items, how);
      return (async () => {
        await turn!.take();
        turn!.pass(); // rolled back
        await secondsRow; // the redo waits on the second group's lock
        await turn!.take();
        turn!.pass();
        return items.map((_, i) => ({ ok: true, result: { report_id: i, device_id: i, duplicate: false, out_of_policy: null, out_of_policy_words: null } }) as IngestOutcome);
      })();
    };
    const queue = new ReportQueue({} as Kysely<DB>, { most: 1, overlapping: 2, pipelined, store: redoing as never });
    const first = queue.submit(jig, post('A'));
    const second = queue.submit(jig, post('B'));
    await settle();
    expect(groups.map((g) => g.serials)).toEqual([['B']]);
    await groups[0].write();
    groups[0].answer();
    secondCommitted();
    expect(await Promise.all([first, second])).toHaveLength(2);
  });
});

describe('ReportQueue, one group at a time (the default; SQLite always)', () => {
  it.each([
    ['on pipelined connections, by default', { pipelined }],
    ['without them (SQLite), even when two are asked for', { overlapping: 2 }],
  ])('starts the next group only once the one before has answered: %s', async (_, options) => {
    const { groups, store } = standIn();
    const queue = new ReportQueue({} as Kysely<DB>, { most: 2, store, ...options });
    const answers = ['A', 'B', 'C'].map((serial) => queue.submit(jig, post(serial)));
    await settle();
    await groups[0].write();
    await settle();
    expect(groups).toHaveLength(1);
    groups[0].answer();
    await settle();
    expect(groups.map((g) => g.serials)).toEqual([['A', 'B'], ['C']]);
    await groups[1].write();
    groups[1].answer();
    expect(await Promise.all(answers)).toHaveLength(3);
  });
});
