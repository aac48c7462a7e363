import { z } from 'zod';
import { PROVISIONING_LABELS, PROVISIONING_STATES } from './enclosures';
import { listQuerySchema } from './list-query';
import { idField } from './numbers';
import { choice, optionalText, requiredText } from './text';

/**
 * A company's own settings of a jig it uses (DOMAIN.md "enclosure setting"): what the company
 * calls it, where it stands, which project it tests. One row per (enclosure, company): a jig
 * moved to another company starts there with fresh settings, and finds its old ones if it comes
 * back. The jig's own facts (serial, firmware, last seen, provisioning) are the platform's and
 * read-only here.
 */

/** How many days the reports-per-day series covers, today (UTC) included. */
export const REPORT_DAYS = 30;

export const reportDaySchema = z.object({
  /** The UTC day, `YYYY-MM-DD`. */
  date: z.string(),
  reports: z.number().int(),
});
export type ReportDay = z.infer<typeof reportDaySchema>;

export const enclosureSettingSchema = z.object({
  id: z.number().int(),
  enclosure_id: z.number().int(),
  company_id: z.number().int(),
  /** The company's name for the jig (starts as the jig's registered name). */
  name: z.string(),
  /** The name the platform registered it under (contract/jig-names.ts says where which shows). */
  registered_name: z.string(),
  location: z.string(),
  project: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  serial: z.string(),
  provisioning: z.enum(PROVISIONING_STATES),
  firmware_version: z.string().nullable(),
  last_seen_at: z.string().nullable(),
  /** Seen in the last 15 minutes, judged by the server's clock when answering (`isJigOnline`). */
  online: z.boolean(),
  /** Reports per UTC day over the last REPORT_DAYS days, oldest first, days without reports as 0. */
  reports_per_day: z.array(reportDaySchema),
  /** The sum of `reports_per_day`. */
  reports_total: z.number().int(),
  updated_at: z.string(),
});
export type EnclosureSetting = z.infer<typeof enclosureSettingSchema>;

export const SETTING_NAME_MAX = 120;
export const SETTING_LOCATION_MAX = 200;

/** `PATCH /enclosuresettings/{id}`: any of name, location and project (null: none). */
export const enclosureSettingUpdateInput = z
  .object({
    name: requiredText('Name').max(SETTING_NAME_MAX, `Name is at most ${SETTING_NAME_MAX} characters.`),
    location: optionalText('Location')
      .max(SETTING_LOCATION_MAX, `Location is at most ${SETTING_LOCATION_MAX} characters.`),
    project_id: idField('project').nullable(),
  })
  .partial();
export type EnclosureSettingUpdateInput = z.infer<typeof enclosureSettingUpdateInput>;

export const ONLINE_FILTERS = ['online', 'offline'] as const;
export type OnlineFilter = (typeof ONLINE_FILTERS)[number];
export const ONLINE_LABELS: Record<OnlineFilter, string> = { online: 'Online', offline: 'Offline' };

export const ENCLOSURE_SETTING_SORTABLE = ['name', 'serial', 'location', 'project', 'firmware_version', 'last_seen_at', 'provisioning'] as const;
/** `GET /companies/{id}/enclosuresettings`: searched over name, serial and location; filtered by `status` online/offline. */
export const enclosureSettingListQuery = listQuerySchema(ENCLOSURE_SETTING_SORTABLE).extend({
  status: choice(ONLINE_FILTERS, 'Status', ONLINE_LABELS).optional(),
  provisioning: choice(PROVISIONING_STATES, 'Provisioning', PROVISIONING_LABELS).optional(),
});
