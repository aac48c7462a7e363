import { describe, expect, it } from 'vitest';
import { patchSearch, positiveIntParam } from './url-search';

describe('query string state', () => {
  it('sets, replaces and removes keys and keeps the rest', () => {
    expect(patchSearch('page=2&status=failed', { status: 'passed', page: null })).toBe('status=passed');
    expect(patchSearch('', { device: 12 })).toBe('device=12');
    expect(patchSearch('device=12&report=4', { report: undefined })).toBe('device=12');
    expect(patchSearch('search=ab', { status: '' })).toBe('search=ab');
  });

  it('reads positive integers only', () => {
    const q = new URLSearchParams('a=12&b=0&c=-3&d=x1&e=1.5');
    expect(positiveIntParam(q, 'a')).toBe(12);
    for (const k of ['b', 'c', 'd', 'e', 'missing']) expect(positiveIntParam(q, k)).toBeNull();
  });
});
