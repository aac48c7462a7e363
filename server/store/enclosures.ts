import { createHash, createHmac, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Page } from '../../contract/envelope';
import { lockedOnPostgres, toCount } from '../db/dialect';
import { matchesSearch, pagedList, type ListQuery, type ListSorting } from '../db/paged-list';
import type { DB } from '../db/schema';
import { ensureEnclosureSetting } from './enclosure-settings';
import { forgetJigs } from './jig-cache';
import { companyJigName } from './jig-names';

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
  if (enclosure.company_id !== null) await ensureEnclosureSetting(db, id);
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

/**
 * The signature hash of a jig that holds no secret (unprovisioned): sha256 of random bytes that
 * are thrown away, so no signature anyone can send hashes to it, and the column stays unique.
 */
export function unusableSignatureHash(): string {
  return createHash('sha256').update(randomBytes(32)).digest('hex');
}

/** A fresh secret for a jig being provisioned: 32 random bytes, hex. */
export function newJigSecret(): string {
  return randomBytes(32).toString('hex');
}

function selectEnclosures(db: Kysely<DB>) {
  return db
    .selectFrom('enclosures')
    .leftJoin('companies', 'companies.id', 'enclosures.company_id')
    .select([
      'enclosures.id',
      'enclosures.serial',
      'enclosures.name',
      companyJigName('enclosures', 'enclosures.company_id').as('name_at_company'),
      'enclosures.company_id',
      'companies.name as company_name',
      'enclosures.provisioning',
      'enclosures.firmware_version',
      'enclosures.last_seen_at',
      'enclosures.created_at',
      'enclosures.updated_at',
    ]);
}
export type EnclosureRow = Awaited<ReturnType<ReturnType<typeof selectEnclosures>['executeTakeFirstOrThrow']>>;

export type EnclosureSort = 'serial' | 'name' | 'company' | 'provisioning' | 'firmware_version' | 'last_seen_at' | 'created_at';

const SORTING: ListSorting<EnclosureSort> = {
  columns: {
    serial: sql`lower(enclosures.serial)`,
    name: sql`lower(enclosures.name)`,
    company: sql`lower(companies.name)`,
    provisioning: sql.ref('enclosures.provisioning'),
    firmware_version: sql.ref('enclosures.firmware_version'),
    last_seen_at: sql.ref('enclosures.last_seen_at'),
    created_at: sql.ref('enclosures.created_at'),
  },
  default: 'serial',
  tiebreaker: sql.ref('enclosures.id'),
  nullable: ['company', 'firmware_version', 'last_seen_at'],
};

export type EnclosureFilters = { company_id?: number; provisioning?: EnclosureProvisioning };

export async function listEnclosures(
  db: Kysely<DB>,
  list: ListQuery<EnclosureSort> & EnclosureFilters,
): Promise<Page<EnclosureRow>> {
  let query = selectEnclosures(db);
  if (list.company_id !== undefined) query = query.where('enclosures.company_id', '=', list.company_id);
  if (list.provisioning !== undefined) query = query.where('enclosures.provisioning', '=', list.provisioning);
  if (list.search) {
    query = query.where(
      matchesSearch(db, list.search, [sql.ref<string>('enclosures.serial'), sql.ref<string>('enclosures.name'), companyJigName('enclosures', 'enclosures.company_id')]),
    );
  }
  return pagedList(query, list, SORTING, { db });
}

export function findEnclosure(db: Kysely<DB>, id: number): Promise<EnclosureRow | undefined> {
  return selectEnclosures(db).where('enclosures.id', '=', id).executeTakeFirst();
}

export async function serialTaken(db: Kysely<DB>, serial: string, except?: number): Promise<boolean> {
  let query = db.selectFrom('enclosures').where(sql`lower(serial)`, '=', serial.toLowerCase()).select('id');
  if (except !== undefined) query = query.where('id', '!=', except);
  return (await query.executeTakeFirst()) !== undefined;
}

/** A new jig, unprovisioned: it holds no secret until it is provisioned. */
export async function insertEnclosure(db: Kysely<DB>, values: { serial: string; name: string; company_id: number | null }): Promise<number> {
  const now = new Date().toISOString();
  const { id } = await db
    .insertInto('enclosures')
    .values({ ...values, provisioning: 'unprovisioned', signature_hash: unusableSignatureHash(), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (values.company_id !== null) await ensureEnclosureSetting(db, id);
  return id;
}

export async function updateEnclosureRow(
  db: Kysely<DB>,
  id: number,
  changes: { serial?: string; name?: string; company_id?: number | null; provisioning?: EnclosureProvisioning; signature_hash?: string },
): Promise<void> {
  await db.updateTable('enclosures').set({ ...changes, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
  forgetJigs();
  // A jig given to a company gets (or finds again) that company's settings.
  if (changes.company_id != null) await ensureEnclosureSetting(db, id);
}

/** The row, locked until the transaction ends (PostgreSQL): for a delete or a provisioning move. */
export function lockEnclosure(db: Kysely<DB>, id: number) {
  return lockedOnPostgres(db, db.selectFrom('enclosures').select(['id', 'serial', 'name', 'provisioning']).where('id', '=', id)).executeTakeFirst();
}

export async function countEnclosureReports(db: Kysely<DB>, id: number): Promise<number> {
  const row = await db.selectFrom('device_reports').where('enclosure_id', '=', id).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return toCount(row.n);
}

/** Deletes a jig no report refers to, with its (then empty) daily figures and its companies' settings. Cassettes let go of it (set null). */
export async function deleteEnclosureRow(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('enclosure_daily_stats').where('enclosure_id', '=', id).execute();
  await db.deleteFrom('enclosure_settings').where('enclosure_id', '=', id).execute();
  await db.deleteFrom('enclosures').where('id', '=', id).execute();
  forgetJigs();
}

/** A jig asked for its update: it runs (or is about to run) `version`, and was seen now. */
export async function recordJigUpdateCheck(db: Kysely<DB>, id: number, version: string | null): Promise<void> {
  const now = new Date().toISOString();
  await db
    .updateTable('enclosures')
    .set(version === null ? { last_seen_at: now } : { last_seen_at: now, firmware_version: version })
    .where('id', '=', id)
    .execute();
}
