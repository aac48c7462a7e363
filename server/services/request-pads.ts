import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { FieldErrors } from '../../contract/errors';
import { analysePogoBoard, type PogoBoardAnalysis } from '../../contract/pogo-board';
import type { PogoBoard, TestPad, testPadsInput } from '../../contract/requests';
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

/**
 * Adds pads (one from the table editor, or a whole import) in one transaction, in chunks. A
 * name given twice, or one the request has already (unless `replace` removes those first), is a
 * 422 on `pads.<n>.name` and saves nothing. Answers the new pads with their probes on the whole board.
 */
export async function addTestPads(db: Kysely<DB>, requestId: number, input: z.output<typeof testPadsInput>): Promise<TestPad[]> {
  return db.transaction().execute(async (trx) => {
    await lockEditableRequest(trx, requestId);
    if (input.replace) await deleteRequestPads(trx, requestId);
    const taken = input.replace ? new Set<string>() : await padNames(trx, requestId);
    const errors: FieldErrors = {};
    const first = new Map<string, number>();
    input.pads.forEach((pad, n) => {
      const earlier = first.get(pad.name);
      if (earlier !== undefined) errors[`pads.${n}.name`] = [`${pad.name} is in the list already, as pad ${earlier + 1}.`];
      else if (taken.has(pad.name)) errors[`pads.${n}.name`] = [`The request has a test pad named ${pad.name} already.`];
      else first.set(pad.name, n);
    });
    if (Object.keys(errors).length) throw invalid(errors, 'Test pad names repeat: nothing was saved.');
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
