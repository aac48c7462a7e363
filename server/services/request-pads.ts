import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { toFieldErrors, type FieldErrors } from '../../contract/errors';
import { analysePogoBoard, type PogoBoardAnalysis } from '../../contract/pogo-board';
import { testPadsInput, type PogoBoard, type TestPad } from '../../contract/requests';
import { testPadInput } from '../../contract/test-points';
import type { DB } from '../db/schema';
import { invalid, notFound } from '../http/errors';
import { lockEditableRequest, lockRequestOf, REQUEST_NOT_FOUND } from '../store/request-lock';
import { requestExists } from '../store/requests';
import {
  deletePad,
  deleteRequestPads,
  insertPads,
  padNames,
  requestGroupNames,
  requestPads,
  setPogoErrors,
  type StoredPad,
} from '../store/request-pads';

/**
 * A request's test pads and its pogo board (steps "Test pads" and "Pogo board"). The
 * probe of a pad depends on its neighbours, so it is never stored: every answer runs the
 * contract's `analysePogoBoard` over the request's pads. Every change runs under the request's
 * lock and stores the board's error count on the request, for the list's steps.
 */

/** TP2 before TP10, as a person reads a board's test point names. */
const natural = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
const byName = (a: StoredPad, b: StoredPad) => natural.compare(a.name, b.name) || a.id - b.id;

function withProbes(pads: readonly StoredPad[], analysis: PogoBoardAnalysis): TestPad[] {
  const probes = new Map(analysis.probes.map((p) => [p.pad_id, p.probe]));
  return pads.map((pad) => ({ ...pad, probe: probes.get(pad.id) ?? null }));
}

/** Errors only: warnings never block the next step. No pads is no board to judge yet (0). */
const errorsOf = (pads: readonly StoredPad[], analysis: PogoBoardAnalysis) =>
  pads.length === 0 ? 0 : analysis.findings.filter((f) => f.severity === 'error').length;

/** Under the lock: the pads as they now are, analysed, and the request's error count to match. */
async function reanalyse(trx: Transaction<DB>, requestId: number): Promise<{ pads: StoredPad[]; analysis: PogoBoardAnalysis }> {
  const pads = await requestPads(trx, requestId);
  const analysis = analysePogoBoard(pads);
  await setPogoErrors(trx, requestId, errorsOf(pads, analysis));
  return { pads, analysis };
}

async function existing(db: Kysely<DB>, requestId: number): Promise<void> {
  if (!(await requestExists(db, requestId))) throw notFound(REQUEST_NOT_FOUND);
}

export async function testPads(db: Kysely<DB>, requestId: number): Promise<TestPad[]> {
  await existing(db, requestId);
  const pads = await requestPads(db, requestId);
  return withProbes(pads, analysePogoBoard(pads)).sort(byName);
}

type PadsInput = z.output<typeof testPadsInput>;

/**
 * The body of an import read as far as it goes: the pads when all are right, else each row's
 * field errors, with the names that are well formed kept for the name checks. Anything wrong
 * with the list itself (no list, too many, `replace` not a boolean) is a 422 at once.
 */
function readPads(raw: unknown): { input: PadsInput | undefined; rowErrors: FieldErrors; names: (string | undefined)[]; replace: boolean } {
  const parsed = testPadsInput.safeParse(raw ?? {});
  const rows = (raw as { pads?: unknown[] } | null)?.pads ?? [];
  if (parsed.success) return { input: parsed.data, rowErrors: {}, names: parsed.data.pads.map((pad) => pad.name), replace: parsed.data.replace };
  const errors = toFieldErrors(parsed.error);
  if (Object.keys(errors).some((key) => !/^pads\.\d+\./.test(key))) throw invalid(errors);
  const names = rows.map((row) => {
    const name = testPadInput.shape.name.safeParse((row as { name?: unknown } | null)?.name);
    return name.success ? name.data : undefined;
  });
  return { input: undefined, rowErrors: errors, names, replace: (raw as { replace?: boolean }).replace ?? false };
}

/** Every reason against every row's name: repeated in the list, and taken on the request. */
function nameErrors(names: readonly (string | undefined)[], taken: ReadonlySet<string>): FieldErrors {
  const errors: FieldErrors = {};
  const first = new Map<string, number>();
  names.forEach((name, n) => {
    if (name === undefined) return;
    const reasons: string[] = [];
    const earlier = first.get(name);
    if (earlier !== undefined) reasons.push(`${name} is in the list already, as pad ${earlier + 1}.`);
    else first.set(name, n);
    if (taken.has(name)) reasons.push(`The request has a test pad named ${name} already.`);
    if (reasons.length) errors[`pads.${n}.name`] = reasons;
  });
  return errors;
}

/**
 * Adds pads (one from the table editor, or a whole import) in one transaction, in chunks. The
 * body is read here rather than before, so that one 422 names every reason of every row: its
 * field values, a name given twice, and a name the request has already (unless `replace`
 * removes those first), each on `pads.<n>.<field>`; a CSV with all three is fixed in one round
 * trip. Nothing is saved then. Answers the new pads with their probes on the whole board.
 */
export async function addTestPads(db: Kysely<DB>, requestId: number, raw: unknown): Promise<TestPad[]> {
  const { input, rowErrors, names, replace } = readPads(raw);
  return db.transaction().execute(async (trx) => {
    await lockEditableRequest(trx, requestId);
    const taken = replace ? new Set<string>() : await padNames(trx, requestId);
    const errors: FieldErrors = { ...rowErrors };
    for (const [key, reasons] of Object.entries(nameErrors(names, taken))) errors[key] = [...(errors[key] ?? []), ...reasons];
    if (Object.keys(errors).length || !input) throw invalid(errors, 'Some test pads are not valid: nothing was saved.');
    if (replace) await deleteRequestPads(trx, requestId);
    const ids = new Set(await insertPads(trx, requestId, input.pads));
    const { pads, analysis } = await reanalyse(trx, requestId);
    return withProbes(pads.filter((pad) => ids.has(pad.id)), analysis);
  });
}

/** Deletes one pad (it leaves its group); the board's errors are counted again. */
export async function removeTestPad(db: Kysely<DB>, padId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const request = await lockRequestOf(trx, 'test_pads', padId, 'There is no such test pad.');
    await deletePad(trx, padId);
    await reanalyse(trx, request.id);
  });
}

export async function pogoBoard(db: Kysely<DB>, requestId: number): Promise<PogoBoard> {
  await existing(db, requestId);
  const pads = await requestPads(db, requestId);
  const analysis = analysePogoBoard(pads);
  return {
    pads: withProbes(pads, analysis).sort(byName),
    groups: await requestGroupNames(db, requestId),
    counts: analysis.counts,
    tooling_holes: analysis.tooling_holes,
    findings: analysis.findings,
    blocking: analysis.blocking,
  };
}
