import { describe, expect, it } from 'vitest';
import { isJigOnline, onlineSince, ONLINE_WINDOW_MS } from './enclosures';

describe('a jig is online when seen in the last 15 minutes (DOMAIN.md time rules)', () => {
  const now = Date.parse('2026-03-10T12:00:00.000Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();

  it('is online when seen just now, 14 minutes ago or exactly 15 minutes ago', () => {
    expect(isJigOnline(ago(0), now)).toBe(true);
    expect(isJigOnline(ago(14 * 60_000), now)).toBe(true);
    expect(isJigOnline(ago(ONLINE_WINDOW_MS), now)).toBe(true);
  });

  it('is offline a moment past 15 minutes, and when never seen', () => {
    expect(isJigOnline(ago(ONLINE_WINDOW_MS + 1000), now)).toBe(false);
    expect(isJigOnline(ago(3 * 60 * 60_000), now)).toBe(false);
    expect(isJigOnline(null, now)).toBe(false);
  });

  it('does not count a time it cannot read as seen', () => {
    expect(isJigOnline('yesterday', now)).toBe(false);
  });

  it('gives the same bound in SQL terms: the earliest last_seen_at still online', () => {
    expect(onlineSince(now)).toBe('2026-03-10T11:45:00.000Z');
    expect(isJigOnline(onlineSince(now), now)).toBe(true);
  });
});
