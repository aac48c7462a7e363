import { afterEach, describe, expect, it } from 'vitest';
import { load, PROFILE_KEY, remove, save, TOKEN_KEY } from './storage';

describe('storage', () => {
  afterEach(() => localStorage.clear());

  it('uses the keys of SPEC §9', () => {
    expect(TOKEN_KEY).toBe('user-token');
    expect(PROFILE_KEY).toBe('user-profile');
  });

  it('round-trips values as JSON', () => {
    save(TOKEN_KEY, { type: 'Bearer', token: 'abc' });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('{"type":"Bearer","token":"abc"}');
    expect(load(TOKEN_KEY)).toEqual({ type: 'Bearer', token: 'abc' });
    save('n', 0);
    expect(load('n')).toBe(0);
    save('s', '');
    expect(load('s')).toBe('');
  });

  it('refuses to save without a key or a value', () => {
    expect(() => save('', 'x')).toThrowError('Key/value not defined.');
    expect(() => save('k', undefined)).toThrowError('Key/value not defined.');
    expect(() => save('k', null)).toThrowError('Key/value not defined.');
    expect(localStorage.length).toBe(0);
  });

  it('refuses to remove without a key', () => {
    expect(() => remove('')).toThrowError('Key not defined.');
  });

  it('removes an item', () => {
    save(PROFILE_KEY, { id: 1 });
    remove(PROFILE_KEY);
    expect(load(PROFILE_KEY)).toBeNull();
  });

  it('reads missing and corrupt entries as null', () => {
    expect(load('missing')).toBeNull();
    localStorage.setItem(TOKEN_KEY, '{not json');
    expect(load(TOKEN_KEY)).toBeNull();
  });
});
