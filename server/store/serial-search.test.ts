import { describe, expect, it } from 'vitest';
import { indexWindow, serialSearchKind, trigramQuery } from './devices';

describe('serial search terms', () => {
  it('matches anywhere from three characters, from the start below that (code points, after trimming)', () => {
    expect(serialSearchKind('ab')).toBe('prefix');
    expect(serialSearchKind(' ab ')).toBe('prefix');
    expect(serialSearchKind('😀😀')).toBe('prefix');
    expect(serialSearchKind('abc')).toBe('anywhere');
    expect(serialSearchKind('😀😀😀')).toBe('anywhere');
  });

  it('asks FTS5 for a trigram every three characters and the last, each a quoted phrase', () => {
    expect(trigramQuery('abc')).toBe('"abc"');
    expect(trigramQuery('abcd')).toBe('"abc" AND "bcd"');
    expect(trigramQuery('bn-0001')).toBe('"bn-" AND "000" AND "001"');
    expect(trigramQuery('abcdef')).toBe('"abc" AND "def"');
    expect(trigramQuery('a"b*c')).toBe('"a""b" AND "b*c"');
    expect(trigramQuery('😀ab')).toBe('"😀ab"');
  });

  it('looks up the last four characters of a longer term in the index', () => {
    expect(indexWindow('abc')).toBe('abc');
    expect(indexWindow('bn-000f4240')).toBe('4240');
    expect(indexWindow('ab😀cd')).toBe('b😀cd');
  });
});
