import { z } from 'zod';
import { idQueryField, idField } from './numbers';
import { listQuerySchema } from './list-query';
import { choice, optionalText, requiredText } from './text';

/**
 * Enclosures (jigs) as the platform's operators manage them (SPEC §2 /manage/enclosures, §7).
 * A jig signs its calls with HMAC-SHA256(serial, secret); the server keeps only sha256 of that
 * signature, so the secret and the signature are shown once, when the jig is provisioned.
 */
export const PROVISIONING_STATES = ['unprovisioned', 'provisioned', 'revoked'] as const;
export type Provisioning = (typeof PROVISIONING_STATES)[number];
export const PROVISIONING_LABELS: Record<Provisioning, string> = {
  unprovisioned: 'Unprovisioned',
  provisioned: 'Provisioned',
  revoked: 'Revoked',
};

/**
 * The moves `PUT /enclosures/{id}?provisioning=` allows (anything else is a 409):
 * unprovisioned → provisioned (a new secret), provisioned → revoked (its signature is refused
 * from then on), revoked → provisioned (a new secret; the old signature stays refused).
 */
export const PROVISIONING_MOVES: Record<Provisioning, readonly Provisioning[]> = {
  unprovisioned: ['provisioned'],
  provisioned: ['revoked'],
  revoked: ['provisioned'],
};

/** A jig is online when it was seen (a report or an update check) in the last 15 minutes (DOMAIN.md). */
export const ONLINE_WINDOW_MS = 15 * 60 * 1000;

/** Whether a jig last seen at `lastSeenAt` (ISO, UTC) counts as online at `now` (ms): seen 15 minutes ago or later. */
export function isJigOnline(lastSeenAt: string | null, now: number): boolean {
  if (lastSeenAt === null) return false;
  const seen = Date.parse(lastSeenAt);
  return Number.isFinite(seen) && now - seen <= ONLINE_WINDOW_MS;
}

/** The earliest `last_seen_at` (ISO) that is still online at `now`: the online filter's bound in SQL. */
export const onlineSince = (now: number): string => new Date(now - ONLINE_WINDOW_MS).toISOString();

export const enclosureSchema = z.object({
  id: z.number().int(),
  serial: z.string(),
  /** The name it is registered under (the platform's). */
  name: z.string(),
  /** What its company calls it (its settings' name, contract/jig-names.ts); null while it has no company. */
  name_at_company: z.string().nullable(),
  company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  provisioning: z.enum(PROVISIONING_STATES),
  /** The version (sha256 of the update's firmware file) the jig last fetched, or what it was seeded with. */
  firmware_version: z.string().nullable(),
  last_seen_at: z.string().nullable(),
  /** Seen in the last 15 minutes, judged by the server's clock when answering. */
  online: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Enclosure = z.infer<typeof enclosureSchema>;

export const ENCLOSURE_SERIAL_MAX = 64;
export const ENCLOSURE_NAME_MAX = 120;

const serial = requiredText('Serial')
  .max(ENCLOSURE_SERIAL_MAX, `Serial is at most ${ENCLOSURE_SERIAL_MAX} characters.`)
  .regex(/^[A-Za-z0-9._-]+$/, 'Serial has letters, digits, dots, dashes and underscores only.');
const name = requiredText('Name').max(ENCLOSURE_NAME_MAX, `Name is at most ${ENCLOSURE_NAME_MAX} characters.`);
const company = idField('company').nullable();

/** `POST /enclosures`: a new jig, unprovisioned (it holds no secret yet). */
export const enclosureCreateInput = z.object({ serial, name, company_id: company.default(null) });
export type EnclosureCreateInput = z.input<typeof enclosureCreateInput>;

/** `POST /enclosures/{id}`: the serial changes only while the jig is unprovisioned (its signature is made over it). */
export const enclosureUpdateInput = z.object({ serial, name, company_id: company }).partial();
export type EnclosureUpdateInput = z.infer<typeof enclosureUpdateInput>;

/** `PUT /enclosures/{id}?provisioning=` */
export const enclosureProvisioningQuery = z.object({ provisioning: choice(PROVISIONING_STATES, 'Provisioning', PROVISIONING_LABELS) });

/** Given once, on provisioning: never readable again. */
export const jigCredentialsSchema = z.object({
  secret: z.string(),
  /** What the jig sends: hex HMAC-SHA256 of its serial keyed with the secret. */
  signature: z.string(),
});
export type JigCredentials = z.infer<typeof jigCredentialsSchema>;

export const enclosureProvisionedSchema = z.object({
  data: z.object({ enclosure: enclosureSchema, credentials: jigCredentialsSchema.nullable() }),
});
export type EnclosureProvisioned = z.infer<typeof enclosureProvisionedSchema>['data'];

export const ENCLOSURE_SORTABLE = ['serial', 'name', 'company', 'provisioning', 'firmware_version', 'last_seen_at', 'created_at'] as const;
/** Searched over serial, registered name and the company's name for it; filtered by company and provisioning state; sorted by serial unless said. */
export const enclosureListQuery = listQuerySchema(ENCLOSURE_SORTABLE).extend({
  company_id: idQueryField('company').optional(),
  provisioning: choice(PROVISIONING_STATES, 'Provisioning', PROVISIONING_LABELS).optional(),
});

/** `GET /jig/update`: the signature in the query (SPEC §7) or the `x-jig-signature` header. */
export const jigUpdateQuery = z.object({ signature: optionalText('signature', { trim: false }).optional() });
/** The header a jig's update answer carries its version in (also the ETag, quoted). */
export const FIRMWARE_VERSION_HEADER = 'x-firmware-version';
