/**
 * How quick the machine under the bench is, measured at the start of every run: the
 * same code met all 37 figures on one 2-core VM and 28 on another, where JavaScript ran about
 * 2.5 times slower and a sync to disk took about 2.5 times as long. Two probes, each a second
 * or less, printed beside the figures and kept in the results file, so a run is judged against
 * the machine it ran on, and two runs' figures are compared knowing whether their machines were
 * alike.
 */
import { closeSync, fdatasyncSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';

export type MachineSpeed = {
  cpu: string | undefined;
  cores: number;
  /** 200,000 JSON.stringify and JSON.parse round trips of a small object, the best of three, in ms. */
  json_round_trips_ms: number;
  /** One 8 KiB write and its fdatasync, the mean of 500, in µs: what a commit waits for on this disk. */
  write_and_sync_us: number;
};

/** What the JSON probe took on machines seen so far (ms), for the line the bench prints. */
const JSON_PROBE_SEEN = { quick: [250, 350], slow: [430, 930] } as const;

const ROUND_TRIPS = 200_000;
const SYNCS = 500;

/** A report-sized object: the server's work per request is mostly parsing and building objects like it. */
const SAMPLE = { uuid: '0b7c1f0e-3f8e-4a43-9a55-7d1d3a1b2c3d', serial: 'IB-1-000042', result: 'pass', steps: [{ name: 'Supply', pass: true, value: 3.31 }] };

export function jsonRoundTripsMs(roundTrips = ROUND_TRIPS): number {
  let best = Infinity;
  for (let run = 0; run < 3; run++) {
    const t0 = performance.now();
    for (let i = 0; i < roundTrips; i++) JSON.parse(JSON.stringify(SAMPLE));
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

/** The mean time of an 8 KiB write and fdatasync of one file in `dir` (removed afterwards), in µs. */
export function writeAndSyncUs(dir: string, syncs = SYNCS): number {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `sync-probe-${process.pid}`);
  const block = Buffer.alloc(8192, 1);
  const fd = openSync(file, 'w');
  try {
    const t0 = performance.now();
    for (let i = 0; i < syncs; i++) {
      writeSync(fd, block, 0, block.length, 0);
      fdatasyncSync(fd);
    }
    return ((performance.now() - t0) * 1000) / syncs;
  } finally {
    closeSync(fd);
    rmSync(file, { force: true });
  }
}

/** Both probes; `dir` is on the disk the bench's databases are on. */
export function measureMachineSpeed(dir: string): MachineSpeed {
  return { cpu: cpus()[0]?.model, cores: cpus().length, json_round_trips_ms: jsonRoundTripsMs(), write_and_sync_us: writeAndSyncUs(dir) };
}

/** The line the bench prints: both probes, beside what quick and slow machines took. */
export function machineSpeedLine(speed: MachineSpeed): string {
  const { quick, slow } = JSON_PROBE_SEEN;
  return (
    `machine: ${speed.cpu ?? 'unknown CPU'}, ${speed.cores} cores; ${ROUND_TRIPS.toLocaleString('en-US')} JSON round trips ` +
    `${speed.json_round_trips_ms.toFixed(0)} ms (quick machines seen: ${quick[0]}-${quick[1]}, slow: ${slow[0]}-${slow[1]}); ` +
    `8 KiB write + fdatasync ${speed.write_and_sync_us.toFixed(0)} µs`
  );
}
