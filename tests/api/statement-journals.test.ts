import { existsSync, readdirSync, readlinkSync } from 'node:fs';
import { sql, type Kysely, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectOf } from '../../server/db/dialect';
import type { DB } from '../../server/db/schema';
import { withStatementJournalsInMemory } from '../../server/db/statement-journals';
import { ingestReports } from '../../server/services/production/ingest';
import { createProduction, reportBody, type Production } from './helpers/production';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * A group of jig reports keeps its statement journals in memory on SQLite
 * (statement-journals.ts), and leaves the connection as it found it: other statements, large
 * ones among them, still spill theirs to disk.
 */
let t: TestApp;
let p: Production;
const sqlite = () => dialectOf(t.db) === 'sqlite';

beforeAll(async () => {
  t = await createTestApp();
  p = await createProduction(t, 'alpha', { project: 'Statement journals' });
  await sql`create table journal_probe (id integer primary key, body text not null)`.execute(t.db);
  await sql`insert into journal_probe (id, body)
    with recursive n (i) as (select 1 union all select i + 1 from n where i < 3000) select i, ${'x'.repeat(400)} from n`.execute(t.db);
});
afterAll(() => t?.close());

/** The connection's `temp_store`: 0 default, 2 memory. Read on `db`, which may be a transaction. */
const tempStore = async (db: Kysely<DB> = t.db) => Number((await sql<{ temp_store: number }>`pragma temp_store`.execute(db)).rows[0].temp_store);

/** SQLite's temporary files this process holds open: a spilled statement journal is one (unlinked, still open). */
function openTempFiles(): number {
  return readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`).includes('etilqs_');
    } catch {
      return false; // closed between the listing and the read
    }
  }).length;
}

/**
 * In one transaction, a write that changes 3,000 rows (over 1 MB of pages), calling a function as
 * ingestion's writes do; then the temporary files open before the commit (a spilled journal's
 * file lives until then).
 */
let writes = 0;
async function bigWrite(inMemory: boolean): Promise<number> {
  // A new last letter each time: SQLite leaves a page alone when a row is written as it was.
  const letter = String.fromCharCode(65 + (++writes % 26));
  return t.db.transaction().execute(async (trx) => {
    const write = async () => {
      await sql`update journal_probe set body = substr(body, 2) || ${letter}`.execute(trx);
      return openTempFiles();
    };
    return inMemory ? withStatementJournalsInMemory(trx, write) : write();
  });
}

describe.runIf(existsSync('/proc/self/fd'))('where a statement journal goes', () => {
  it('on SQLite, to a temporary file past 64 KiB, unless the transaction keeps them in memory', async () => {
    if (!sqlite()) {
      // PostgreSQL has no statement journals: the write just runs.
      expect(await bigWrite(true)).toBe(0);
      return;
    }
    expect(await bigWrite(false)).toBe(1);
    expect(await bigWrite(true)).toBe(0);
    // The setting went back: a large statement after it spills again.
    expect(await bigWrite(false)).toBe(1);
  });
});

describe('the setting', () => {
  it('is memory inside the write and the default after it, also when the write fails', async () => {
    if (!sqlite()) return expect(await t.db.transaction().execute((trx) => withStatementJournalsInMemory(trx, async () => 'ran'))).toBe('ran');
    const inside = await t.db.transaction().execute((trx) => withStatementJournalsInMemory(trx, () => tempStore(trx)));
    expect(inside).toBe(2); // memory
    expect(await tempStore()).toBe(0); // default
    await expect(
      t.db.transaction().execute((trx) =>
        withStatementJournalsInMemory(trx, async () => {
          await sql`insert into journal_probe (id, body) values (1, 'taken')`.execute(trx);
        }),
      ),
    ).rejects.toThrow(/UNIQUE|unique/);
    expect(await tempStore()).toBe(0);
  });

  it('is what a group of jig reports is stored under, and ingestion leaves the default behind', async () => {
    const seen: string[] = [];
    // Records the text of every statement built on this instance (the pragmas are).
    const recorder: KyselyPlugin = {
      transformQuery: ({ node }) => {
        const raw = node as RootOperationNode & { sqlFragments?: readonly string[] };
        if (raw.kind === 'RawNode' && raw.sqlFragments) seen.push(raw.sqlFragments.join('?'));
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const body = (serial: string) => reportBody({ serial, project_id: p.projectId, production_batch_id: p.batchId });
    const jig = { id: p.jig.id, company_id: t.companyIds.alpha };
    const outcomes = await ingestReports(t.db.withPlugin(recorder), [{ jig, input: body('SJ-1') }, { jig, input: body('SJ-2') }]);
    expect(outcomes.every((o) => o.ok)).toBe(true);
    const pragmas = seen.filter((text) => text.startsWith('pragma temp_store'));
    expect(pragmas).toEqual(sqlite() ? ['pragma temp_store = memory', 'pragma temp_store = default'] : []);
    if (sqlite()) expect(await tempStore()).toBe(0);
  });
});
