import { describe, expect, it } from 'vitest';
import { cassetteSize, MAX_CARTRIDGE_BAYS, MAX_MODULE_SLOTS } from './cassettes';

describe('cassetteSize', () => {
  it('is the default cassette, 4 slots and 2 bays, while the choices fit in it', () => {
    expect(cassetteSize({})).toEqual({ module_slots: 4, cartridge_bays: 2 });
    expect(cassetteSize({ slots: [1, 2, 3, 4], bays: [1] })).toEqual({ module_slots: 4, cartridge_bays: 2 });
  });

  it('grows to the highest slot and bay chosen, each on its own', () => {
    expect(cassetteSize({ slots: [1, 6] })).toEqual({ module_slots: 6, cartridge_bays: 2 });
    expect(cassetteSize({ slots: [2], bays: [3, 1] })).toEqual({ module_slots: 4, cartridge_bays: 3 });
  });

  it('never passes the most a cassette has', () => {
    expect(cassetteSize({ slots: [99], bays: [99] })).toEqual({ module_slots: MAX_MODULE_SLOTS, cartridge_bays: MAX_CARTRIDGE_BAYS });
  });
});
