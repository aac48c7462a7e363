import { z } from 'zod';
import { cartridgeSchema } from './cartridges';
import { fixtureStepSchema } from './fixture-health';
import { statisticsQuery } from './statistics';

/**
 * One cartridge's fixture health (`GET /v1/cartridges/{id}/health`): its cycles and calibration
 * (the cartridge as the registry shows it), its runs, fails and false fails over a range of UTC
 * days (contract/fixture-health.ts: every run of a fixture that held it, on whichever jig), the
 * steps that failed there, and its false fails over its contact cycles: whether they rise as the
 * probes wear.
 */
export const cartridgeHealthQuery = statisticsQuery.pick({ from: true, to: true });
export type CartridgeHealthQuery = z.infer<typeof cartridgeHealthQuery>;

/** The false-fail trend is cut into at most this many buckets of contact cycles. */
export const CYCLE_TREND_BUCKETS = 10;

/**
 * The size of a cycle bucket: a tenth of the type's rated probe life (so the buckets read as
 * shares of it), else a tenth of the cycles so far; at least one.
 */
export function cycleBucketSize(ratedLife: number | null, contactCycles: number): number {
  return Math.max(1, Math.ceil((ratedLife && ratedLife > 0 ? ratedLife : contactCycles) / CYCLE_TREND_BUCKETS));
}

const ratio = z.number().nullable();

export const cycleTrendPointSchema = z.object({
  /** The bucket's first and last contact cycle (the cartridge's counter at the run). */
  from_cycle: z.number().int(),
  to_cycle: z.number().int(),
  runs: z.number().int(),
  fails: z.number().int(),
  false_fails: z.number().int(),
  /** false_fails / runs. */
  false_fail_rate: ratio,
});
export type CycleTrendPoint = z.infer<typeof cycleTrendPointSchema>;

export const cartridgeHealthSchema = z.object({
  cartridge: cartridgeSchema,
  /** The jig its cassette sits in; `setting_id` addresses the jig's pages (null while the company has no settings row for it). */
  jig: z.object({ id: z.number().int(), name: z.string(), setting_id: z.number().int().nullable() }).nullable(),
  /** The projects whose boards it touched in the range (their boards show where it fails), by name. */
  projects: z.array(z.object({ id: z.number().int(), name: z.string() })),
  from: z.string(),
  to: z.string(),
  runs: z.number().int(),
  fails: z.number().int(),
  false_fails: z.number().int(),
  false_fail_share: ratio,
  false_fail_rate: ratio,
  /** The steps that failed in its runs of the range (key: the cartridge's id), most false fails first. */
  steps: z.array(fixtureStepSchema),
  /** Over its whole life, the newest CYCLE_TREND_BUCKETS buckets of contact cycles; empty before its first run. */
  bucket_cycles: z.number().int(),
  cycle_trend: z.array(cycleTrendPointSchema),
});
export type CartridgeHealth = z.infer<typeof cartridgeHealthSchema>;
