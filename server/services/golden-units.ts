import type { Kysely } from 'kysely';
import type { GoldenUnit, GoldenUnitInput, GoldenUnitUpdateInput } from '../../contract/readiness';
import type { DB } from '../db/schema';
import { invalidField, notFound } from '../http/errors';
import {
  deleteGoldenUnitRow,
  findGoldenUnit,
  goldenSerialTaken,
  goldenWindowOf,
  insertGoldenUnit,
  listGoldenUnits,
  setGoldenWindow,
  updateGoldenUnit,
} from '../store/golden-units';
import { withUniqueFields } from '../store/unique';

/**
 * A project's golden units: known-good boards and known-bad ones (each failing a named step) that
 * prove a jig tells good from bad. Their runs count in no yield (report-hold.ts); a jig's newest
 * golden answer, right and within the project's window, is part of its readiness.
 */

const serialTaken = (serial: string) => `“${serial}” is a golden unit of this project already (serials are the same whatever their case).`;
const shown = ({ company_id: _company, ...unit }: GoldenUnit & { company_id: number }): GoldenUnit => unit;

export const goldenUnits = (db: Kysely<DB>, projectId: number) => listGoldenUnits(db, projectId);

export async function goldenUnit(db: Kysely<DB>, id: number): Promise<GoldenUnit> {
  const found = await findGoldenUnit(db, id);
  if (!found) throw notFound();
  return shown(found);
}

export async function addGoldenUnit(db: Kysely<DB>, projectId: number, input: GoldenUnitInput): Promise<GoldenUnit> {
  if (await goldenSerialTaken(db, projectId, input.serial)) throw invalidField('serial', serialTaken(input.serial));
  const id = await withUniqueFields(
    () => insertGoldenUnit(db, projectId, { serial: input.serial, kind: input.kind, fails_step: input.kind === 'bad' ? (input.fails_step ?? null) : null }),
    { project_golden_units_serial: ['serial', serialTaken(input.serial)] },
  );
  return goldenUnit(db, id);
}

export async function changeGoldenUnit(db: Kysely<DB>, row: GoldenUnit, input: GoldenUnitUpdateInput): Promise<GoldenUnit> {
  if (input.serial !== undefined && (await goldenSerialTaken(db, row.project_id, input.serial, row.id))) throw invalidField('serial', serialTaken(input.serial));
  const kind = input.kind ?? row.kind;
  const failsStep = kind === 'good' ? null : input.fails_step !== undefined ? input.fails_step : row.fails_step;
  if (kind === 'bad' && !failsStep) throw invalidField('fails_step', 'A known-bad unit names the step it must fail.');
  await withUniqueFields(() => updateGoldenUnit(db, row.id, { ...input, fails_step: failsStep }), { project_golden_units_serial: ['serial', serialTaken(input.serial ?? '')] });
  return goldenUnit(db, row.id);
}

export const removeGoldenUnit = (db: Kysely<DB>, row: GoldenUnit) => deleteGoldenUnitRow(db, row.id);

export async function goldenWindow(db: Kysely<DB>, projectId: number) {
  return { window_hours: await goldenWindowOf(db, projectId) };
}

export async function changeGoldenWindow(db: Kysely<DB>, projectId: number, hours: number) {
  await setGoldenWindow(db, projectId, hours);
  return goldenWindow(db, projectId);
}
