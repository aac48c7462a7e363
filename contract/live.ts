import { z } from 'zod';
import { idQueryField } from './numbers';

/**
 * Live results (`GET /v1/events`, server-sent events). An event names what changed, never the
 * data itself: the app refetches what it shows through the ordinary, access-checked calls.
 */

/**
 * A jig's report was stored: the board, its batch, project and company moved. The report and
 * the jig that sent it let a station tell its own jig's run from the others'.
 */
export const liveReportEventSchema = z.object({
  company_id: z.number().int(),
  project_id: z.number().int(),
  production_batch_id: z.number().int(),
  device_id: z.number().int(),
  report_id: z.number().int(),
  enclosure_id: z.number().int(),
});
export type LiveReportEvent = z.infer<typeof liveReportEventSchema>;

/**
 * The stream's events, by their SSE `event:` name:
 * - `ready` (`{ heartbeat_ms }`): subscribed; a comment line follows every `heartbeat_ms`.
 * - `report` (LiveReportEvent): a report of a company the caller sees was stored.
 * - `notifications` (`{}`): the caller has new alert notifications: refetch the bell.
 * - `resync` (`{}`): events may have been missed (the server's database listener reconnected);
 *   refetch whatever is shown.
 * - `bye` (`{}`): this stream ends in a few seconds (its lifetime is over): open the next one now
 *   and drop this one once the next is `ready`, so no event falls between them.
 */
export type LiveEventName = 'ready' | 'report' | 'resync' | 'bye' | 'notifications';

/**
 * Alert notifications were written for these people (the evaluator's round): between replicas
 * (the NOTIFY's payload) it names them; a person's stream hears `notifications` (`{}`) only when
 * it is among them, and refetches the bell.
 */
export const liveNotificationsEventSchema = z.object({ kind: z.literal('notifications'), user_ids: z.array(z.number().int()) });

export const liveEventsQuery = z.object({
  /** Only this company's events (a superadmin watching one company); default: all one sees. */
  company_id: idQueryField('company').optional(),
});
export type LiveEventsQuery = z.infer<typeof liveEventsQuery>;
