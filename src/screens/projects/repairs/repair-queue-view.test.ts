import { describe, expect, it } from 'vitest';
import { readRepairView, repairViewDefaults } from './repair-queue-view';

describe('the repairs tab’s view', () => {
  it('is the queue unless the URL names another status', () => {
    expect(readRepairView(null)).toBe('waiting');
    expect(readRepairView('gone')).toBe('waiting');
    expect(readRepairView('scrapped')).toBe('scrapped');
    expect(readRepairView('all')).toBe('all');
  });

  it('works the queue oldest first and shows done repairs newest first', () => {
    expect(repairViewDefaults('waiting')).toEqual({ sortby: 'sent_at', sortdesc: false });
    expect(repairViewDefaults('repaired')).toEqual({ sortby: 'repaired_at', sortdesc: true });
  });
});
