import { describe, expect, it } from 'vitest';
import { batchDeleteBlocker } from './batch-delete-action';

describe('batchDeleteBlocker', () => {
  it('offers the delete of an empty batch', () => {
    expect(batchDeleteBlocker({ device_count: 0 })).toBeNull();
  });

  it('says how many boards hold a batch, and what to do first', () => {
    expect(batchDeleteBlocker({ device_count: 1 })).toBe('Holds 1 board: move or correct it first.');
    expect(batchDeleteBlocker({ device_count: 1502 })).toBe('Holds 1,502 boards: move or correct them first.');
  });
});
