import { describe, expect, it } from 'vitest';
import { PageCache } from './page-cache';

const NOW = 1_000_000;
const of = (project_id: number) => ({ company_id: 9, project_id });
const page = (body: string, project = 1) => ({ body, owner: of(project) });
const bodyOf = (pages: PageCache, key: string, now = NOW) => pages.get(key, now)?.body;

describe('the page cache', () => {
  it("serves a page kept under a ticket, with its project's owner, until its project changes", () => {
    const pages = new PageCache();
    expect(pages.put('/p/1?page=3', page('{"a":1}'), pages.ticket(), NOW)).toBe(true);
    expect(pages.get('/p/1?page=3', NOW + 1)).toMatchObject({ body: '{"a":1}', owner: of(1) });
    pages.projectChanged(2);
    expect(bodyOf(pages, '/p/1?page=3', NOW + 2), "another project's write").toBe('{"a":1}');
    pages.projectChanged(1);
    expect(bodyOf(pages, '/p/1?page=3', NOW + 3)).toBeUndefined();
    expect(pages.stats).toEqual({ hits: 2, misses: 1 });
  });

  it('never keeps a page read before a write that committed while it was read', () => {
    const pages = new PageCache();
    const ticket = pages.ticket(); // the request starts reading
    pages.projectChanged(7); // a report commits meanwhile
    expect(pages.put('/p/7', page('old', 7), ticket, NOW)).toBe(false);
    expect(bodyOf(pages, '/p/7')).toBeUndefined();
    // Read after the write: kept.
    expect(pages.put('/p/7', page('new', 7), pages.ticket(), NOW)).toBe(true);
    expect(bodyOf(pages, '/p/7')).toBe('new');
  });

  it('forgets every page when anything may have changed, and refuses pages read before', () => {
    const pages = new PageCache();
    const before = pages.ticket();
    pages.put('/p/1', page('one', 1), before, NOW);
    pages.put('/p/2', page('two', 2), before, NOW);
    pages.everythingChanged();
    expect(pages.size).toBe(0);
    expect(bodyOf(pages, '/p/1')).toBeUndefined();
    expect(pages.put('/p/2', page('two, read before', 2), before, NOW)).toBe(false);
  });

  it('serves a page only for its lifetime', () => {
    const pages = new PageCache({ ttlMs: 100 });
    pages.put('/p/1', page('kept'), pages.ticket(), NOW);
    expect(bodyOf(pages, '/p/1', NOW + 99)).toBe('kept');
    expect(bodyOf(pages, '/p/1', NOW + 100)).toBeUndefined();
    expect(new PageCache({ ttlMs: 0 }).enabled).toBe(false);
  });

  it('keeps at most its entries and bytes, dropping the least recently used first', () => {
    const pages = new PageCache({ maxEntries: 2, maxBytes: 10 });
    const t = pages.ticket();
    pages.put('a', page('aaa'), t, NOW);
    pages.put('b', page('bbb'), t, NOW);
    expect(bodyOf(pages, 'a')).toBe('aaa'); // a is now the most recently used
    pages.put('c', page('ccc'), t, NOW);
    expect([bodyOf(pages, 'a'), bodyOf(pages, 'b'), bodyOf(pages, 'c')]).toEqual(['aaa', undefined, 'ccc']);
    pages.put('d', page('dddddddd'), t, NOW); // 3 + 8 bytes > 10: the oldest goes
    expect(pages.size).toBe(1);
    expect(bodyOf(pages, 'd')).toBe('dddddddd');
    expect(pages.put('huge', page('x'.repeat(11)), t, NOW), 'a page larger than the whole cache').toBe(false);
  });
});
