import { z } from 'zod';
import { listQuerySchema } from './list-query';
import { countField } from './numbers';
import { choice, optionalText } from './text';

/**
 * Fixtures and contact cycles (DOMAIN.md "Fixture"). A fixture is what a report ran on: the
 * jig, the cassette in it, the cartridge in each bay with its calibration state then, and the
 * jig's firmware. The server keeps one row per distinct fixture state and every report names
 * the row it ran on (`device_reports.fixture_id`), so a report's fixture is read as it was.
 *
 * Each stored report is one contact cycle of every cartridge of its fixture: the probes touched
 * a board once. A cartridge type may rate its probes' life and name a cleaning interval, both
 * in cycles; a cartridge's use since its probes were replaced, and since it was cleaned, is
 * judged against them like calibration: ok, due soon, overdue.
 */

export const CYCLE_STATUSES = ['ok', 'due_soon', 'overdue'] as const;
export type CycleStatus = (typeof CYCLE_STATUSES)[number];
export const CYCLE_STATUS_LABELS: Record<CycleStatus, string> = { ok: 'OK', due_soon: 'Due soon', overdue: 'Overdue' };

/**
 * "Due soon" from this percentage of the limit used: at 90% of a rated life (or cleaning
 * interval) the next maintenance is planned, as calibration warns 30 days ahead. Overdue from
 * the limit itself (the rated cycles reached: the probes are past what they are rated for).
 * Compared in whole numbers (used × 100 ≥ limit × 90), as the server's SQL filter does.
 */
export const CYCLES_DUE_SOON_PERCENT = 90;

/**
 * The status of cycles used against a limit in cycles: overdue at or past the limit, due soon
 * from 90% of it, else ok; null when the type names no limit (nothing to judge against).
 */
export function cycleStatus(used: number, limit: number | null): CycleStatus | null {
  if (limit === null || limit <= 0) return null;
  if (used >= limit) return 'overdue';
  return used * 100 >= limit * CYCLES_DUE_SOON_PERCENT ? 'due_soon' : 'ok';
}

const RANK: Record<CycleStatus, number> = { ok: 0, due_soon: 1, overdue: 2 };
/** The worse of two statuses; ok when neither is judged. */
export const worseCycleStatus = (a: CycleStatus | null, b: CycleStatus | null): CycleStatus =>
  [a, b].reduce<CycleStatus>((worst, s) => (s !== null && RANK[s] > RANK[worst] ? s : worst), 'ok');

/** A cartridge's counter and its type's limits, as stored. */
export type CycleCounts = {
  contact_cycles: number;
  cycles_at_cleaning: number;
  cycles_at_probe_change: number;
  rated_probe_life_cycles: number | null;
  cleaning_interval_cycles: number | null;
};

export const cartridgeCyclesSchema = z.object({
  /** Reports run on a fixture this cartridge was part of, ever. */
  contact_cycles: z.number().int(),
  rated_probe_life_cycles: z.number().int().nullable(),
  cleaning_interval_cycles: z.number().int().nullable(),
  /** Cycles since its probes were last replaced (or since it was registered). */
  life_used_cycles: z.number().int(),
  /** life_used_cycles / rated_probe_life_cycles; null without a rated life. */
  life_used_share: z.number().nullable(),
  /** Cycles since it was last cleaned (or its probes replaced, or it was registered). */
  since_cleaning_cycles: z.number().int(),
  life_status: z.enum(CYCLE_STATUSES).nullable(),
  cleaning_status: z.enum(CYCLE_STATUSES).nullable(),
  /** The worse of the two; ok when its type names no limit. */
  status: z.enum(CYCLE_STATUSES),
});
export type CartridgeCycles = z.infer<typeof cartridgeCyclesSchema>;

/** The cycle figures a cartridge shows, from its counter and its type's limits. */
export function cartridgeCycles(c: CycleCounts): CartridgeCycles {
  const life = c.contact_cycles - c.cycles_at_probe_change;
  const sinceCleaning = c.contact_cycles - Math.max(c.cycles_at_cleaning, c.cycles_at_probe_change);
  const life_status = cycleStatus(life, c.rated_probe_life_cycles);
  const cleaning_status = cycleStatus(sinceCleaning, c.cleaning_interval_cycles);
  return {
    contact_cycles: c.contact_cycles,
    rated_probe_life_cycles: c.rated_probe_life_cycles,
    cleaning_interval_cycles: c.cleaning_interval_cycles,
    life_used_cycles: life,
    life_used_share: c.rated_probe_life_cycles ? life / c.rated_probe_life_cycles : null,
    since_cleaning_cycles: sinceCleaning,
    life_status,
    cleaning_status,
    status: worseCycleStatus(life_status, cleaning_status),
  };
}

/** A rated life or cleaning interval: a positive whole number of cycles, or null (not rated). */
export const cyclesLimitField = (label: string) => countField(label, { min: 1, max: 20_000_000 }).nullable();

// Maintenance

export const MAINTENANCE_KINDS = ['cleaned', 'probes_replaced'] as const;
export type MaintenanceKind = (typeof MAINTENANCE_KINDS)[number];
export const MAINTENANCE_KIND_LABELS: Record<MaintenanceKind, string> = { cleaned: 'Cleaned', probes_replaced: 'Probes replaced' };
export const MAINTENANCE_NOTES_MAX = 2_000;

/** `POST /cartridges/{id}/maintenance`: cleaned resets the cycles since cleaning; probes replaced resets both. */
export const maintenanceInput = z.object({
  kind: choice(MAINTENANCE_KINDS, 'Maintenance', MAINTENANCE_KIND_LABELS),
  notes: optionalText('Notes', { error: 'Notes are text.' })
    .max(MAINTENANCE_NOTES_MAX, `Notes are at most ${MAINTENANCE_NOTES_MAX.toLocaleString('en-US')} characters.`)
    .default(''),
});
export type MaintenanceInput = z.input<typeof maintenanceInput>;

export const maintenanceSchema = z.object({
  id: z.number().int(),
  cartridge_id: z.number().int(),
  kind: z.enum(MAINTENANCE_KINDS),
  /** The cartridge's contact cycles when it was recorded. */
  contact_cycles: z.number().int(),
  notes: z.string(),
  created_by: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  created_at: z.string(),
});
export type Maintenance = z.infer<typeof maintenanceSchema>;

export const MAINTENANCE_SORTABLE = ['id', 'created_at'] as const;
/** Newest first unless sorted. */
export const maintenanceListQuery = listQuerySchema(MAINTENANCE_SORTABLE);

/** `POST /cartridges/{id}/maintenance`'s answer: the record and the cartridge's cycles after it. */
export const maintenanceRecordedSchema = z.object({ maintenance: maintenanceSchema, cycles: cartridgeCyclesSchema });

// A report's fixture

export const fixtureCartridgeSchema = z.object({
  bay: z.number().int(),
  cartridge: z.object({ id: z.number().int(), serial: z.string() }),
  /** contract/cartridges.ts CALIBRATION_STATUSES (the same words as CYCLE_STATUSES; not imported: cartridges.ts imports this file). */
  calibration_status: z.enum(CYCLE_STATUSES),
  calibration_due_at: z.string().nullable(),
});

/** The fixture a report ran on, as it was then; null on reports stored before fixtures were kept. */
export const fixtureSchema = z.object({
  id: z.number().int(),
  enclosure_id: z.number().int(),
  cassette: z.object({ id: z.number().int(), serial: z.string(), name: z.string() }).nullable(),
  firmware_version: z.string().nullable(),
  cartridges: z.array(fixtureCartridgeSchema),
  /** When this fixture state was first seen. */
  created_at: z.string(),
});
export type Fixture = z.infer<typeof fixtureSchema>;
