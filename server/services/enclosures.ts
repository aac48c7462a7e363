import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  isJigOnline,
  PROVISIONING_LABELS,
  PROVISIONING_MOVES,
  type Enclosure,
  type EnclosureProvisioned,
  type enclosureCreateInput,
  type enclosureListQuery,
  type EnclosureUpdateInput,
  type Provisioning,
} from '../../contract/enclosures';
import type { Page } from '../../contract/envelope';
import type { DB } from '../db/schema';
import { conflict, invalid, notFound } from '../http/errors';
import { countOf, deleteRow, named, type CleanupLog } from './deletes';
import type { FieldErrors } from '../../contract/errors';
import { forgetJigs } from '../store/jig-cache';
import {
  countEnclosureReports,
  deleteEnclosureRow,
  findEnclosure,
  insertEnclosure,
  jigSignature,
  listEnclosures,
  lockEnclosure,
  newJigSecret,
  serialTaken,
  signatureHash,
  updateEnclosureRow,
  type EnclosureRow,
} from '../store/enclosures';
import { withUniqueFields } from '../store/unique';

/**
 * Enclosures (jigs), managed by the platform's operators (`/manage/enclosures`).
 * A jig's secret exists only in the answer that provisions it: the table keeps sha256 of the
 * signature (HMAC-SHA256 of the serial with the secret), which is how jig calls find their jig.
 */

const SERIAL_TAKEN = 'An enclosure with this serial exists already.';
const UNIQUE = { serial: ['serial', SERIAL_TAKEN] } as Record<string, [string, string]>;

export function shownEnclosure(row: EnclosureRow, now = Date.now()): Enclosure {
  return {
    id: row.id,
    serial: row.serial,
    name: row.name,
    name_at_company: row.company_id !== null ? row.name_at_company : null,
    company: row.company_id !== null && row.company_name !== null ? { id: row.company_id, name: row.company_name } : null,
    provisioning: row.provisioning as Provisioning,
    firmware_version: row.firmware_version,
    last_seen_at: row.last_seen_at,
    online: isJigOnline(row.last_seen_at, now),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function enclosures(db: Kysely<DB>, list: z.output<typeof enclosureListQuery>): Promise<Page<Enclosure>> {
  const page = await listEnclosures(db, list);
  const now = Date.now();
  return { data: page.data.map((row) => shownEnclosure(row, now)), meta: page.meta };
}

export async function enclosure(db: Kysely<DB>, id: number): Promise<Enclosure> {
  const row = await findEnclosure(db, id);
  if (!row) throw notFound();
  return shownEnclosure(row);
}

async function checkFields(db: Kysely<DB>, input: { serial?: string; company_id?: number | null }, except?: number): Promise<void> {
  const errors: FieldErrors = {};
  if (input.serial !== undefined && (await serialTaken(db, input.serial, except))) errors.serial = [SERIAL_TAKEN];
  if (input.company_id != null) {
    const company = await db.selectFrom('companies').where('id', '=', input.company_id).select('id').executeTakeFirst();
    if (!company) errors.company_id = [`There is no company with id ${input.company_id}.`];
  }
  if (Object.keys(errors).length) throw invalid(errors);
}

export async function addEnclosure(db: Kysely<DB>, input: z.output<typeof enclosureCreateInput>): Promise<Enclosure> {
  await checkFields(db, input);
  // One transaction: a jig given a company never exists without that company's settings row.
  const id = await withUniqueFields(() => db.transaction().execute((trx) => insertEnclosure(trx, input)), UNIQUE);
  return enclosure(db, id);
}

export async function changeEnclosure(db: Kysely<DB>, id: number, input: EnclosureUpdateInput): Promise<Enclosure> {
  const current = await enclosure(db, id);
  if (input.serial !== undefined && input.serial !== current.serial && current.provisioning !== 'unprovisioned') {
    throw invalid({
      serial: [`The serial of a ${PROVISIONING_LABELS[current.provisioning].toLowerCase()} jig cannot change: its signature is made over it.`],
    });
  }
  await checkFields(db, input, id);
  if (Object.keys(input).length) {
    await withUniqueFields(() => db.transaction().execute((trx) => updateEnclosureRow(trx, id, input)), UNIQUE);
    forgetJigs(); // again after the commit: a post read between the change and the commit kept the old row
  }
  return enclosure(db, id);
}

/**
 * Moves a jig along its provisioning states (PROVISIONING_MOVES; any other move is a 409).
 * Provisioning makes a new secret and answers it with the signature, once: only the signature's
 * hash is stored, so neither can be read again. Revoking keeps the hash, so the revoked jig's
 * calls are still recognised, and refused.
 */
export async function moveProvisioning(db: Kysely<DB>, id: number, to: Provisioning): Promise<EnclosureProvisioned> {
  const credentials = await db.transaction().execute(async (trx) => {
    const row = await lockEnclosure(trx, id);
    if (!row) throw notFound();
    const from = row.provisioning as Provisioning;
    if (!PROVISIONING_MOVES[from].includes(to)) {
      const allowed = PROVISIONING_MOVES[from].map((s) => PROVISIONING_LABELS[s].toLowerCase()).join(' or ');
      throw conflict(
        from === to
          ? `${named('Enclosure', row.serial)} is ${from} already.`
          : `${named('Enclosure', row.serial)} is ${from}; it can only be ${allowed}.`,
      );
    }
    if (to !== 'provisioned') {
      await updateEnclosureRow(trx, id, { provisioning: to });
      return null;
    }
    const secret = newJigSecret();
    const signature = jigSignature(row.serial, secret);
    await updateEnclosureRow(trx, id, { provisioning: to, signature_hash: signatureHash(signature) });
    return { secret, signature };
  });
  forgetJigs(); // again after the commit: a post read between the change and the commit kept the old row
  return { enclosure: await enclosure(db, id), credentials };
}

/** Deletes a jig no device report refers to (409 otherwise: revoke it instead, its reports stay). */
export async function removeEnclosure(db: Kysely<DB>, id: number, log: CleanupLog): Promise<void> {
  await deleteRow(
    { db, log },
    {
      lock: (trx) => lockEnclosure(trx, id),
      refusal: async (trx, row) => {
        const reports = await countEnclosureReports(trx, row.id);
        return reports
          ? `${named('Enclosure', row.serial)} is named by ${countOf(reports, 'device report', 'device reports')}; revoke it instead.`
          : null;
      },
      remove: async (trx, row) => {
        await deleteEnclosureRow(trx, row.id);
      },
    },
  );
  forgetJigs(); // again after the commit: a post read between the delete and the commit kept the row
}
