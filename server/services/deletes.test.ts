import { describe, expect, it } from 'vitest';
import { countOf, named, stillHolds } from './deletes';

describe('the words of a refused delete', () => {
  it('names the thing and every kind of row that still refers to it, skipping the kinds at 0', () => {
    const thing = named('Production batch', 'PB-7');
    expect(stillHolds(thing, [{ count: 240, one: 'board', many: 'boards' }], 'move or correct them first')).toBe(
      'Production batch “PB-7” still holds 240 boards; move or correct them first.',
    );
    expect(
      stillHolds(thing, [{ count: 1, one: 'board', many: 'boards' }, { count: 0, one: 'file', many: 'files' }, { count: 2, one: 'document', many: 'documents' }], 'remove them first'),
    ).toBe('Production batch “PB-7” still holds 1 board and 2 documents; remove them first.');
  });

  it('says "it" for a single thing held, "them" for more', () => {
    const thing = named('Production batch', 'PB-8');
    expect(stillHolds(thing, [{ count: 1, one: 'board', many: 'boards' }], 'move or correct them first')).toBe(
      'Production batch “PB-8” still holds 1 board; move or correct it first.',
    );
    expect(stillHolds(thing, [{ count: 1, one: 'board', many: 'boards' }, { count: 1, one: 'file', many: 'files' }], 'remove them first')).toBe(
      'Production batch “PB-8” still holds 1 board and 1 file; remove them first.',
    );
  });

  it('is no refusal at all when nothing refers to the row', () => {
    expect(stillHolds('Cassette “C1”', [{ count: 0, one: 'board', many: 'boards' }], 'x')).toBeNull();
    expect(stillHolds('Cassette “C1”', [], 'x')).toBeNull();
  });

  it('writes large counts with separators', () => {
    expect(countOf(250000, 'board', 'boards')).toBe('250,000 boards');
  });
});
