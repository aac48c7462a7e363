import { z } from 'zod';
import { cartridgeCyclesSchema, CYCLE_STATUSES } from './fixtures';
import { listQuerySchema } from './list-query';
import { countField, idField, idQueryField, realField } from './numbers';
import { choice, optionalText, requiredText } from './text';

/**
 * Cartridges (DOMAIN.md): the physical pogo-pin boards of a cartridge type, each in a bay of a
 * cassette (or on the shelf), with their calibrations. The calibration status is derived from the
 * newest calibration's due date and today's date (DOMAIN.md "Time rules"); the server computes it
 * in the database with the same bounds as `calibrationStatus` below.
 */

export const CALIBRATION_STATUSES = ['ok', 'due_soon', 'overdue'] as const;
export type CalibrationStatus = (typeof CALIBRATION_STATUSES)[number];
export const CALIBRATION_STATUS_LABELS: Record<CalibrationStatus, string> = { ok: 'OK', due_soon: 'Due soon', overdue: 'Overdue' };

/** A due date this many days away or fewer (and not past) is "due soon". */
export const DUE_SOON_DAYS = 30;

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `2026-01-31` plus `n` days, as a date (UTC, no time of day). */
export function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Today's date in UTC, `YYYY-MM-DD`. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

/**
 * The bounds of the rule for a given day: overdue before `today` (or never calibrated), due soon
 * from `today` up to and including `soonUntil`, ok after it.
 */
export function calibrationBounds(today: string): { today: string; soonUntil: string } {
  return { today, soonUntil: addDays(today, DUE_SOON_DAYS) };
}

/**
 * ok while the due date is more than 30 days away, due soon within 30 days (the due day itself
 * included), overdue after it; a cartridge never calibrated is overdue.
 */
export function calibrationStatus(dueAt: string | null, today: string): CalibrationStatus {
  if (dueAt === null) return 'overdue';
  const { soonUntil } = calibrationBounds(today);
  if (dueAt < today) return 'overdue';
  return dueAt <= soonUntil ? 'due_soon' : 'ok';
}

/** A real calendar date as `YYYY-MM-DD` (2026-02-30 is refused). */
export function dateField(label: string) {
  const required = `${label} is required.`;
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .refine((v) => DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && addDays(v, 0) === v, {
      error: `${label} is a date as YYYY-MM-DD.`,
    });
}

export const cartridgeSchema = z.object({
  id: z.number().int(),
  serial: z.string(),
  cartridge_type: z.object({ id: z.number().int(), name: z.string() }),
  cassette: z.object({ id: z.number().int(), serial: z.string(), name: z.string(), cartridge_bays: z.number().int() }).nullable(),
  bay: z.number().int().nullable(),
  /** The newest calibration's due date; null when never calibrated. */
  calibration_due_at: z.string().nullable(),
  calibration_status: z.enum(CALIBRATION_STATUSES),
  /** Its contact cycles against its type's rated probe life and cleaning interval (contract/fixtures.ts). */
  cycles: cartridgeCyclesSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Cartridge = z.infer<typeof cartridgeSchema>;

export const CARTRIDGE_SERIAL_MAX = 64;
export const MAX_BAYS = 64;

const serial = requiredText('Serial').max(CARTRIDGE_SERIAL_MAX, `Serial is at most ${CARTRIDGE_SERIAL_MAX} characters.`);
const bay = countField('Bay', { min: 1, max: MAX_BAYS }).nullable();

/** `POST /cartridges`: a bay only with a cassette (checked with the cassette's bays by the server). */
export const cartridgeCreateInput = z.object({
  serial,
  cartridge_type_id: idField('cartridge type'),
  cassette_id: idField('cassette').nullable().default(null),
  bay: bay.default(null),
});
export type CartridgeCreateInput = z.output<typeof cartridgeCreateInput>;

/** `PATCH /cartridges/{id}`: any of the create's fields. */
export const cartridgeUpdateInput = z.object({
  serial,
  cartridge_type_id: idField('cartridge type'),
  cassette_id: idField('cassette').nullable(),
  bay,
}).partial();
export type CartridgeUpdateInput = z.infer<typeof cartridgeUpdateInput>;

export const CARTRIDGE_SORTABLE = ['id', 'serial', 'cartridge_type', 'cassette', 'bay', 'calibration_due_at', 'contact_cycles', 'created_at'] as const;
/** Searched by serial; filtered by type, cassette, calibration status and cycle status; soonest due first unless sorted. */
export const cartridgeListQuery = listQuerySchema(CARTRIDGE_SORTABLE).extend({
  cartridge_type_id: idQueryField('cartridge type').optional(),
  cassette_id: idQueryField('cassette').optional(),
  status: z.enum(CALIBRATION_STATUSES, { error: 'status is ok, due_soon or overdue' }).optional(),
  cycle_status: z.enum(CYCLE_STATUSES, { error: 'cycle_status is ok, due_soon or overdue' }).optional(),
});
export type CartridgeListQuery = z.output<typeof cartridgeListQuery>;

// Calibrations

export const CALIBRATION_RESULTS = ['pass', 'fail'] as const;
export type CalibrationResult = (typeof CALIBRATION_RESULTS)[number];
export const CALIBRATION_RESULT_LABELS: Record<CalibrationResult, string> = { pass: 'Pass', fail: 'Fail' };

export const measuredValueSchema = z.object({ name: z.string(), value: z.number(), unit: z.string() });
export type MeasuredValue = z.infer<typeof measuredValueSchema>;

export const calibrationSchema = z.object({
  id: z.number().int(),
  cartridge_id: z.number().int(),
  calibrated_at: z.string(),
  due_at: z.string(),
  result: z.enum(CALIBRATION_RESULTS),
  values: z.array(measuredValueSchema),
  notes: z.string(),
  /** The certificate file's facts, or null when none was uploaded. */
  certificate: z.object({ name: z.string(), size: z.number().int(), type: z.string() }).nullable(),
  created_by: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  created_at: z.string(),
});
export type Calibration = z.infer<typeof calibrationSchema>;

export const MAX_MEASURED_VALUES = 100;
export const CALIBRATION_NOTES_MAX = 5_000;

/** One measured value as a person fills it in. */
export const measuredValueInput = z.object({
  name: requiredText('Name').max(100, 'Name is at most 100 characters.'),
  value: realField('Value'),
  unit: optionalText('Unit').max(20, 'Unit is at most 20 characters.').default(''),
});

export const measuredValuesInput = z
  .array(measuredValueInput, { error: 'Values are a list of { name, value, unit }.' })
  .max(MAX_MEASURED_VALUES, `At most ${MAX_MEASURED_VALUES} values.`);

/**
 * The due date comes after the calibration date: checked even while other fields are wrong (so
 * one answer names every field to fix), as long as both dates are dates.
 */
const dueAfter = (input: { calibrated_at: string; due_at: string }) => input.due_at > input.calibrated_at;
const dueAfterParams = {
  path: ['due_at'],
  message: 'Due date must be after the calibration date.',
  when: (payload: { value: unknown }) => {
    const v = payload.value as { calibrated_at?: unknown; due_at?: unknown } | null;
    return typeof v?.calibrated_at === 'string' && typeof v.due_at === 'string' && DATE.test(v.calibrated_at.trim()) && DATE.test(v.due_at.trim());
  },
};

/** The calibration's own fields, as the form holds them (values as rows). */
export const calibrationInput = z
  .object({
    calibrated_at: dateField('Calibration date'),
    due_at: dateField('Due date'),
    result: choice(CALIBRATION_RESULTS, 'Result', CALIBRATION_RESULT_LABELS),
    values: measuredValuesInput.default([]),
    notes: optionalText('Notes', { error: 'Notes are text.' })
      .max(CALIBRATION_NOTES_MAX, `Notes are at most ${CALIBRATION_NOTES_MAX.toLocaleString('en-US')} characters.`)
      .default(''),
  })
  .refine(dueAfter, dueAfterParams);
export type CalibrationInput = z.output<typeof calibrationInput>;

/**
 * The text fields of `POST /cartridges/{id}/calibrations` (multipart): the same, with `values`
 * as one JSON text (`[{"name":"R_contact","value":0.012,"unit":"Ω"}]`).
 */
export const calibrationFields = z
  .object({
    calibrated_at: dateField('Calibration date'),
    due_at: dateField('Due date'),
    result: choice(CALIBRATION_RESULTS, 'Result', CALIBRATION_RESULT_LABELS),
    values: optionalText('Values', { trim: false })
      .default('[]')
      .transform((text, ctx) => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'Values are JSON: [{ "name", "value", "unit" }].' });
          return z.NEVER;
        }
      })
      .pipe(measuredValuesInput),
    notes: calibrationInput.shape.notes,
  })
  .refine(dueAfter, dueAfterParams);
export type CalibrationFields = z.output<typeof calibrationFields>;

/** The multipart form of `POST /cartridges/{id}/calibrations`, for the API's description. */
export const calibrationUploadForm = z.object({
  calibrated_at: z.string().describe('The calibration date, YYYY-MM-DD.'),
  due_at: z.string().describe('The next calibration is due on this date (after calibrated_at), YYYY-MM-DD.'),
  result: z.enum(CALIBRATION_RESULTS),
  values: z.string().optional().describe('The measured values as JSON: [{ "name", "value", "unit" }].'),
  notes: z.string().optional(),
  certificate: z.file().optional().describe('The calibration certificate (PDF or image), optional; at most 20 MB by default.'),
});

export const CALIBRATION_SORTABLE = ['id', 'calibrated_at', 'due_at'] as const;
/** Newest first unless sorted. */
export const calibrationListQuery = listQuerySchema(CALIBRATION_SORTABLE);
