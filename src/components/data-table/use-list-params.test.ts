import { describe, expect, it } from 'vitest';
import { readListParams, writeListParams } from './use-list-params';

const sortable = ['username', 'created_at'];

describe('list params in the URL', () => {
  it('reads defaults from an empty query', () => {
    expect(readListParams('', sortable)).toEqual({
      page: 1,
      limit: 25,
      sortby: undefined,
      sortdesc: undefined,
      search: undefined,
    });
    expect(readListParams('', sortable, { sortby: 'username' })).toMatchObject({ sortby: 'username', sortdesc: false });
  });

  it('reads what the URL says', () => {
    expect(readListParams('page=3&limit=50&sortby=created_at&sortdesc=true&search=%20ada%20', sortable)).toEqual({
      page: 3,
      limit: 50,
      sortby: 'created_at',
      sortdesc: true,
      search: 'ada',
    });
  });

  it('drops what the API would refuse', () => {
    const p = readListParams('page=0&limit=999&sortby=password&sortdesc=true', sortable, { sortby: 'username' });
    expect(p).toMatchObject({ page: 1, limit: 25, sortby: 'username', sortdesc: false });
    expect(readListParams('page=abc', sortable).page).toBe(1);
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    const d = { sortby: 'username' };
    expect(writeListParams('company_id=4', { page: 1, limit: 25, sortby: 'username', sortdesc: false }, d)).toBe(
      'company_id=4',
    );
    expect(writeListParams('', { page: 2, limit: 50, sortby: 'username', sortdesc: true, search: 'x' }, d)).toBe(
      'page=2&limit=50&sortby=username&sortdesc=true&search=x',
    );
  });

  it('round-trips', () => {
    const params = { page: 4, limit: 10, sortby: 'created_at', sortdesc: false, search: 'acme' };
    expect(readListParams(writeListParams('', params), sortable)).toEqual(params);
  });
});
