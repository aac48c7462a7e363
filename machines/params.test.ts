import { describe, expect, it } from 'vitest';
import { INVALID_ID, parseNumericParam } from './params';

describe('parseNumericParam (SPEC §2: integer, anything else -1)', () => {
  it('uses -1 as the fallback id (SPEC §9)', () => {
    expect(INVALID_ID).toBe(-1);
  });

  it.each([
    ['7', 7],
    ['0', 0],
    ['42', 42],
    ['007', 7],
    ['9007199254740991', Number.MAX_SAFE_INTEGER],
  ])('reads %j as %d', (raw, expected) => {
    expect(parseNumericParam(raw)).toBe(expected);
  });

  it.each([
    ['abc'],
    [''],
    ['12abc'],
    ['abc12'],
    ['1.5'],
    ['-3'],
    ['+3'],
    [' 7'],
    ['7 '],
    ['1e3'],
    ['0x10'],
    ['Infinity'],
    ['NaN'],
    ['new'],
    // Beyond Number.MAX_SAFE_INTEGER the integer is no longer exact: treat it as no id.
    ['9007199254740992'],
    ['99999999999999999999999999'],
    ['1'.repeat(400)],
  ])('reads %j as -1', (raw) => {
    expect(parseNumericParam(raw)).toBe(-1);
  });

  it('reads a missing value as -1', () => {
    expect(parseNumericParam(undefined)).toBe(-1);
    expect(parseNumericParam(null)).toBe(-1);
  });
});
