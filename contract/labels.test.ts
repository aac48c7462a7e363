import { describe, expect, it } from 'vitest';
import { allListed, listed } from './labels';

describe('words in a sentence', () => {
  it('joins the last with "or" for a choice and "and" for all of them', () => {
    expect(listed(['A', 'B', 'C'])).toBe('A, B or C');
    expect(allListed(['A', 'B', 'C'])).toBe('A, B and C');
    expect(allListed(['A', 'B'])).toBe('A and B');
    expect(allListed(['A'])).toBe('A');
    expect(allListed([])).toBe('');
  });

  it('names at most `most` and counts the rest', () => {
    expect(allListed(['12', '14', '15', '16', '17'], 3)).toBe('12, 14, 15 and 2 more');
    expect(allListed(['12', '14', '15'], 3)).toBe('12, 14 and 15');
  });
});
