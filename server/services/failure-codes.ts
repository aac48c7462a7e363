import type { Kysely } from 'kysely';
import type { FailureCode, FailureCodeInput, FailureCodeUpdateInput } from '../../contract/repairs';
import type { DB } from '../db/schema';
import { invalidField, notFound } from '../http/errors';
import {
  deleteFailureCodeRow,
  failureCodeTaken,
  findFailureCode,
  insertFailureCode,
  listFailureCodes,
  lockFailureCode,
  repairsNaming,
  updateFailureCode,
  type StoredFailureCode,
} from '../store/failure-codes';
import { withUniqueFields } from '../store/unique';
import { countOf, deleteRow, named } from './deletes';

/**
 * A company's failure codes, what a repair names as the fault. Its admins edit the list; a code
 * that repairs name stays on them, so it is archived (no longer offered), not deleted.
 */

const shown = ({ company_id: _company, ...code }: StoredFailureCode): FailureCode => code;
const codeTaken = (code: string) => `The code “${code}” exists already (codes are the same whatever their case).`;

export async function failureCodes(db: Kysely<DB>, companyId: number, withArchived: boolean): Promise<FailureCode[]> {
  return (await listFailureCodes(db, companyId, withArchived)).map(shown);
}

export async function failureCode(db: Kysely<DB>, id: number): Promise<FailureCode> {
  const found = await findFailureCode(db, id);
  if (!found) throw notFound();
  return shown(found);
}

export async function addFailureCode(db: Kysely<DB>, companyId: number, input: FailureCodeInput): Promise<FailureCode> {
  if (await failureCodeTaken(db, companyId, input.code)) throw invalidField('code', codeTaken(input.code));
  const id = await withUniqueFields(() => insertFailureCode(db, { company_id: companyId, ...input }), {
    failure_codes_company_code: ['code', codeTaken(input.code)],
  });
  return failureCode(db, id);
}

export async function changeFailureCode(db: Kysely<DB>, row: StoredFailureCode, input: FailureCodeUpdateInput): Promise<FailureCode> {
  if (input.code !== undefined && (await failureCodeTaken(db, row.company_id, input.code, row.id))) {
    throw invalidField('code', codeTaken(input.code));
  }
  if (Object.keys(input).length) {
    await withUniqueFields(() => updateFailureCode(db, row.id, input), { failure_codes_company_code: ['code', codeTaken(input.code ?? '')] });
  }
  return failureCode(db, row.id);
}

/** Deletes a code no repair names; one that repairs name is a 409 that says to archive it. */
export async function removeFailureCode(db: Kysely<DB>, row: StoredFailureCode): Promise<void> {
  await deleteRow(
    { db },
    {
      lock: (trx) => lockFailureCode(trx, row.id),
      refusal: async (trx, code) => {
        const count = await repairsNaming(trx, code.id);
        if (!count) return null;
        return `${named('Failure code', code.code)} is named by ${countOf(count, 'repair', 'repairs')}; archive it instead, so those repairs keep their code.`;
      },
      remove: (trx, code) => deleteFailureCodeRow(trx, code.id),
    },
  );
}
