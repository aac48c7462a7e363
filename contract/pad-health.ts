import { z } from 'zod';
import { idQueryField } from './numbers';
import { statisticsQuery } from './statistics';

/**
 * `GET /v1/projects/{id}/pad-health`: where on the board the project fails. Each pad group's
 * failed runs and false fails (contract/fixture-health.ts's rule) come from the steps that
 * measure it: a run's failing steps, by name, lead to the steps of its profile version with
 * that name, their test resources, and those resources' pad groups; the pads of a group share
 * its figures.
 *
 * How a report's step is found: a report names its profile and version (so `test_profile_id`)
 * and each step by name. The step of that name in that version gives its pads; when that version
 * names no pads for it (or the project has no such version), every profile of the project with a
 * step of that name does (their versions share step names, as the pads read says).
 *
 * The range is UTC days (30 to today by default, at most 400); `enclosure_id` keeps the runs of
 * one of the company's jigs, `cartridge_id` those whose fixture held that cartridge.
 */
export const padHealthQuery = statisticsQuery.pick({ from: true, to: true }).extend({
  enclosure_id: idQueryField('jig').optional(),
  cartridge_id: idQueryField('cartridge').optional(),
});
export type PadHealthQuery = z.infer<typeof padHealthQuery>;

/** The newest boards that failed at a pad group: at most this many per group. */
export const PAD_BOARDS_SHOWN = 10;

const ratioField = z.number().nullable();

const figures = {
  /** Runs of the project at the filter: every run is a chance for each step to fail. */
  runs: z.number().int(),
  /** Failed runs in which a step measuring it failed, and of those the false fails. */
  fails: z.number().int(),
  false_fails: z.number().int(),
  /** fails / runs and false_fails / runs. */
  fail_rate: ratioField,
  false_fail_rate: ratioField,
};

export const padBoardSchema = z.object({
  device_id: z.number().int(),
  serial: z.string(),
  /** Its newest failing run there. */
  last_failed_at: z.string(),
  fails: z.number().int(),
  false_fails: z.number().int(),
});
export type PadBoard = z.infer<typeof padBoardSchema>;

export const padGroupHealthSchema = z.object({
  /** The pad group (its pads are in the pads read). */
  id: z.number().int(),
  ...figures,
  /** Names of the steps (of any of the project's profiles) that measure it. */
  steps: z.array(z.string()),
  /** The newest boards that failed a step measuring it, newest first (at most PAD_BOARDS_SHOWN). */
  boards: z.array(padBoardSchema),
});
export type PadGroupHealth = z.infer<typeof padGroupHealthSchema>;

export const padStepHealthSchema = z.object({
  name: z.string(),
  ...figures,
  /** The pad groups it measures; none for a failing step that names no pads. */
  pad_group_ids: z.array(z.number().int()),
});
export type PadStepHealth = z.infer<typeof padStepHealthSchema>;

export const padHealthSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Every pad group a step of the project measures (a group not listed is not measured). */
  pad_groups: z.array(padGroupHealthSchema),
  /** Every step that measures a pad group or failed in the range, most fails first. */
  steps: z.array(padStepHealthSchema),
  totals: z.object({
    runs: z.number().int(),
    fails: z.number().int(),
    false_fails: z.number().int(),
    /** Failed runs whose failing steps measure a pad: the fails the drawing can place. */
    placed_fails: z.number().int(),
  }),
  /** The filters' choices: jigs that ran the project in the range, and the cartridges their fixtures held. */
  jigs: z.array(z.object({ id: z.number().int(), name: z.string(), serial: z.string() })),
  cartridges: z.array(z.object({ id: z.number().int(), serial: z.string(), type: z.string() })),
});
export type PadHealth = z.infer<typeof padHealthSchema>;
