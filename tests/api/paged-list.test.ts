import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagedList, type ListSorting } from '../../server/db/paged-list';
import { createTestApp, type TestApp } from './helpers/test-app';

/** server/db/paged-list.ts: `totalFirst` reads no page when the count says nothing matches. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const SORTING: ListSorting<'id'> = { columns: { id: sql.ref('id') }, default: 'id', tiebreaker: sql.ref('id') };
/** A list whose page cannot be read: the table does not exist, so reading it fails. */
const unreadable = () => (t.db as unknown as Kysely<{ no_such_table: { id: number } }>).selectFrom('no_such_table').select('id');
const list = { page: 1, limit: 25 };

describe('a list counted first', () => {
  it('answers an empty page without reading one when the count is 0', async () => {
    const page = await pagedList(unreadable(), list, SORTING, { total: async () => 0, totalFirst: true });
    expect(page).toEqual({ data: [], meta: { page: 1, limit: 25, total: 0 } });
  });

  it('reads the page when something matches, and always when not counted first', async () => {
    await expect(pagedList(unreadable(), list, SORTING, { total: async () => 1, totalFirst: true })).rejects.toThrow(/no_such_table/);
    await expect(pagedList(unreadable(), list, SORTING, { total: async () => 0 })).rejects.toThrow(/no_such_table/);
  });
});
