import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonRoundTripsMs, machineSpeedLine, writeAndSyncUs } from './bench-machine-speed';

describe('the bench measures how quick its machine is', () => {
  it('times JSON round trips: more of them take longer', () => {
    const few = jsonRoundTripsMs(1_000);
    const many = jsonRoundTripsMs(50_000);
    expect(few).toBeGreaterThan(0);
    expect(many).toBeGreaterThan(few);
  });

  it('times a write and its sync in the given folder, and leaves no file behind', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'jigboard-speed-'));
    try {
      const us = writeAndSyncUs(path.join(dir, 'bench'), 5);
      expect(Number.isFinite(us) && us > 0).toBe(true);
      expect(existsSync(path.join(dir, 'bench'))).toBe(true);
      expect(readdirSync(path.join(dir, 'bench'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('prints both probes beside what quick and slow machines took', () => {
    const line = machineSpeedLine({ cpu: 'AMD EPYC', cores: 2, json_round_trips_ms: 812.4, write_and_sync_us: 266.2 });
    expect(line).toBe(
      'machine: AMD EPYC, 2 cores; 200,000 JSON round trips 812 ms (quick machines seen: 250-350, slow: 430-930); 8 KiB write + fdatasync 266 µs',
    );
  });
});
