import { z } from 'zod';
import { deviceListQuery } from './devices';
import { listQuerySchema } from './list-query';
import { idField, idListField } from './numbers';
import { optionalText, requiredText } from './text';

/**
 * A release batch is a shipment (DOMAIN.md): passed, unreleased boards of one project are picked
 * into a `draft`, reviewed, and released at once. Releasing is final: the batch and its boards
 * never change again (409).
 */
export const RELEASE_BATCH_STATUSES = ['draft', 'released'] as const;
export type ReleaseBatchStatus = (typeof RELEASE_BATCH_STATUSES)[number];

export const releaseBatchSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  name: z.string(),
  status: z.enum(RELEASE_BATCH_STATUSES),
  /** Boards in the batch (maintained counter). */
  device_count: z.number().int(),
  /**
   * Boards in a draft that no longer qualify (a later report failed them, or they were
   * scrapped): the review lists them and the release refuses until they are removed.
   * Always 0 once released.
   */
  not_qualifying_count: z.number().int(),
  released_at: z.string().nullable(),
  released_by: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ReleaseBatch = z.infer<typeof releaseBatchSchema>;

/** `GET /releasebatches/{id}`: the batch with what the review step shows. */
export const releaseBatchDetailSchema = releaseBatchSchema.extend({
  /** The production batches its boards come from, most boards first. */
  production_batches: z.array(
    z.object({ id: z.number().int(), name: z.string(), device_count: z.number().int() }),
  ),
});
export type ReleaseBatchDetail = z.infer<typeof releaseBatchDetailSchema>;

const releaseName = requiredText('Name')
  .max(120, 'Name is at most 120 characters.');

export const releaseBatchCreateInput = z.object({ name: releaseName });
export type ReleaseBatchCreateInput = z.infer<typeof releaseBatchCreateInput>;

/** `PATCH /releasebatches/{id}`: rename a draft (409 once released). */
export const releaseBatchUpdateInput = z.object({ name: releaseName });
export type ReleaseBatchUpdateInput = z.infer<typeof releaseBatchUpdateInput>;

/** At most this many ids in one `add` or `remove`; larger picks use `add_matching`. */
export const MAX_PICK_IDS = 1000;

const idList = idListField('device', {
  max: MAX_PICK_IDS,
  maxMessage: `At most ${MAX_PICK_IDS} devices at once; use "all matching" for more.`,
});

/**
 * `PATCH /releasebatches/{id}/update`. Applied in this order, in one transaction: remove, add,
 * add_matching, then release. Adding takes only passed boards of the batch's project that are in
 * no release batch; anything else is skipped and counted, never an error, since another person
 * may have picked the board a moment ago. `release: true` releases the batch (all boards or none);
 * it is refused with 409 when the batch is empty or holds a board that no longer qualifies.
 */
export const releaseBatchUpdateDevicesInput = z
  .object({
    add: idList.optional(),
    remove: idList.optional(),
    /** Every unreleased board matching these filters (the "select all matching" of the picker). */
    add_matching: z
      .object({
        search: optionalText('search').max(200, 'search is at most 200 characters').optional(),
        production_batch_id: idField('production batch').optional(),
      })
      .optional(),
    release: z.literal(true, { error: 'release is true or left out.' }).optional(),
  })
  .refine((v) => v.add || v.remove || v.add_matching || v.release, {
    message: 'Say what to change: add, remove, add_matching or release.',
    path: ['add'],
  });
export type ReleaseBatchUpdateDevicesInput = z.infer<typeof releaseBatchUpdateDevicesInput>;

export const releaseBatchUpdateDevicesResult = z.object({
  batch: releaseBatchSchema,
  added: z.number().int(),
  /** Asked for but not added: not passed, in another release batch, or of another project. */
  skipped: z.number().int(),
  removed: z.number().int(),
  released: z.number().int(),
});
export type ReleaseBatchUpdateDevicesResult = z.infer<typeof releaseBatchUpdateDevicesResult>;

export const RELEASE_BATCH_SORTABLE = ['id', 'name', 'status', 'device_count', 'released_at', 'created_at'] as const;
export const releaseBatchListQuery = listQuerySchema(RELEASE_BATCH_SORTABLE).extend({
  status: z.enum(RELEASE_BATCH_STATUSES).optional(),
});

/**
 * `GET /projects/{id}/devices/unreleased` (passed boards in no release batch) and
 * `GET /releasebatches/{id}/devices` (the batch's boards; `format=csv` downloads their serials):
 * the devices list query without the status filter, which these lists fix themselves.
 */
export const releaseDeviceListQuery = deviceListQuery.omit({ status: true }).extend({
  /** Only on a batch's devices: just the boards that stopped qualifying (for the review). */
  not_qualifying: z
    .enum(['true', 'false'], { error: 'not_qualifying is true or false.' })
    .transform((v) => v === 'true')
    .optional(),
});
