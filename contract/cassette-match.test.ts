import { describe, expect, it } from 'vitest';
import { cassetteDifference, compareCassette } from './cassette-match';

describe('compareCassette', () => {
  const DMM = 1;
  const PSU = 2;
  const HD80 = 10;
  const PB40 = 11;
  const configuration = { modules: [{ place: 1, type_id: DMM }, { place: 3, type_id: PSU }], cartridges: [{ place: 1, type_id: HD80 }] };

  it('matches a cassette that holds every configured type in its place, whatever the unconfigured places hold', () => {
    const cassette = {
      modules: [{ place: 1, type_id: DMM }, { place: 2, type_id: PSU }, { place: 3, type_id: PSU }],
      cartridges: [{ place: 1, type_id: HD80 }, { place: 2, type_id: PB40 }],
    };
    expect(compareCassette(configuration, cassette)).toEqual({ matches: true, mismatched_slots: [], mismatched_bays: [] });
  });

  it('does not match a cassette whose modules are right but whose configured bay holds another cartridge type', () => {
    const cassette = {
      modules: [{ place: 1, type_id: DMM }, { place: 3, type_id: PSU }],
      cartridges: [{ place: 1, type_id: PB40 }, { place: 2, type_id: PB40 }],
    };
    expect(compareCassette(configuration, cassette)).toEqual({ matches: false, mismatched_slots: [], mismatched_bays: [1] });
  });

  it('names every slot and bay that differs: a wrong type and an empty place alike', () => {
    const cassette = { modules: [{ place: 1, type_id: PSU }], cartridges: [] };
    const match = compareCassette({ ...configuration, cartridges: [{ place: 2, type_id: HD80 }, { place: 1, type_id: HD80 }] }, cassette);
    expect(match).toEqual({ matches: false, mismatched_slots: [1, 3], mismatched_bays: [1, 2] });
    expect(cassetteDifference(match)).toBe('slots 1, 3 · bays 1, 2');
  });

  it('accepts a bay that holds several cartridges when one is of the configured type', () => {
    const cassette = { modules: configuration.modules, cartridges: [{ place: 1, type_id: PB40 }, { place: 1, type_id: HD80 }] };
    expect(compareCassette(configuration, cassette).matches).toBe(true);
  });

  it('says the one place in the singular, and nothing when the cassette matches', () => {
    expect(cassetteDifference({ mismatched_slots: [], mismatched_bays: [1] })).toBe('bay 1');
    expect(cassetteDifference({ mismatched_slots: [2], mismatched_bays: [] })).toBe('slot 2');
    expect(cassetteDifference({ mismatched_slots: [], mismatched_bays: [] })).toBe('');
  });

  it('matches anything against an empty configuration', () => {
    expect(compareCassette({ modules: [], cartridges: [] }, { modules: [{ place: 1, type_id: DMM }], cartridges: [] }).matches).toBe(true);
  });
});
