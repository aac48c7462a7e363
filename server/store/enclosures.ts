import { createHash, createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** Provisioning states of an enclosure (DOMAIN.md); only `provisioned` jigs may report. */
export type EnclosureProvisioning = 'unprovisioned' | 'provisioned' | 'revoked';

/** What a jig sends as `x-jig-signature`: hex HMAC-SHA256 of its serial, keyed with its secret. */
export function jigSignature(serial: string, secret: string): string {
  return createHmac('sha256', secret).update(serial).digest('hex');
}

/**
 * The stored lookup key for a signature. Only the hash is kept, so a copy of the database holds
 * neither the secret nor a signature a jig could be impersonated with.
 */
export function signatureHash(signature: string): string {
  return createHash('sha256').update(signature.toLowerCase()).digest('hex');
}

export interface NewEnclosure {
  serial: string;
  name: string;
  company_id: number | null;
  /** The jig's secret; used once to derive the signature hash and never stored. */
  secret: string;
  /** Defaults to `provisioned`: the common case for seeding and tests is a jig that may report. */
  provisioning?: EnclosureProvisioning;
  firmware_version?: string | null;
}

/** Registers an enclosure; returns its id. Used by seeding and tests until enclosure management exists. */
export async function createEnclosure(db: Kysely<DB>, enclosure: NewEnclosure): Promise<number> {
  const now = new Date().toISOString();
  const { id } = await db
    .insertInto('enclosures')
    .values({
      serial: enclosure.serial,
      name: enclosure.name,
      company_id: enclosure.company_id,
      provisioning: enclosure.provisioning ?? 'provisioned',
      signature_hash: signatureHash(jigSignature(enclosure.serial, enclosure.secret)),
      firmware_version: enclosure.firmware_version ?? null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The enclosure a signature belongs to, or undefined. */
export async function findEnclosureBySignature(db: Kysely<DB>, signature: string) {
  return db
    .selectFrom('enclosures')
    .where('signature_hash', '=', signatureHash(signature))
    .select(['id', 'serial', 'name', 'company_id', 'provisioning'])
    .executeTakeFirst();
}

/** Whether a jig (enclosure) belongs to the company: a filter naming another company's jig is refused. */
export async function companyHasJig(db: Kysely<DB>, companyId: number, enclosureId: number): Promise<boolean> {
  const row = await db
    .selectFrom('enclosures')
    .where('id', '=', enclosureId)
    .where('company_id', '=', companyId)
    .select('id')
    .executeTakeFirst();
  return row !== undefined;
}
