import { describe, expect, it } from 'vitest';
import { serialNoMatches, serialSearchKind, serialSearchNote } from './devices';

describe('the serial search rule', () => {
  it('searches inside serials from three characters, at their start below that', () => {
    expect(serialSearchKind('14')).toBe('prefix');
    expect(serialSearchKind(' 1 ')).toBe('prefix');
    expect(serialSearchKind('140')).toBe('anywhere');
    expect(serialSearchKind('𝟙𝟜')).toBe('prefix'); // characters, not UTF-16 units
  });

  it('says what a short search finds and how to search inside serials', () => {
    expect(serialSearchNote('14')).toBe('Serials that start with “14”. Type 3 or more characters to search inside serials.');
    expect(serialSearchNote(' a ')).toBe('Serials that start with “a”. Type 3 or more characters to search inside serials.');
  });

  it('says nothing when the search finds what it says, or there is none', () => {
    expect(serialSearchNote('140')).toBeNull();
    expect(serialSearchNote('')).toBeNull();
    expect(serialSearchNote(null)).toBeNull();
  });
});

describe('an empty serial search', () => {
  it('says how it searched: a short search looks at the start, a longer one inside', () => {
    expect(serialNoMatches('14')).toBe('No serial starts with “14”.');
    expect(serialNoMatches(' 9-0 ')).toBe('No serial contains “9-0”.');
  });
});
