import type { Kysely } from 'kysely';
import type { CassetteContents, Placed } from '../../contract/cassette-match';
import type { DB } from '../db/schema';

/**
 * What a project's cassette configuration asks for and what physical cassettes hold, by place,
 * in the shape `compareCassette` (contract/cassette-match.ts) compares: one query per table for
 * a whole page of projects or cassettes.
 */

/** What the configurations of these projects ask for: module types by slot, cartridge types by bay. */
export async function configuredContents(db: Kysely<DB>, projectIds: number[]): Promise<Map<number, CassetteContents>> {
  const contents = new Map<number, { modules: Placed[]; cartridges: Placed[] }>(projectIds.map((id) => [id, { modules: [], cartridges: [] }]));
  if (!projectIds.length) return contents;
  const [modules, cartridges] = await Promise.all([
    db.selectFrom('selected_modules').select(['project_id', 'slot as place', 'cassette_module_type_id as type_id']).where('project_id', 'in', projectIds).execute(),
    db.selectFrom('selected_cartridges').select(['project_id', 'bay as place', 'cartridge_type_id as type_id']).where('project_id', 'in', projectIds).execute(),
  ]);
  for (const m of modules) contents.get(m.project_id!)?.modules.push(m);
  for (const c of cartridges) contents.get(c.project_id!)?.cartridges.push(c);
  return contents;
}

/** What these cassettes hold: module types by slot, cartridge types by bay (a cartridge in no bay counts for none). */
export async function heldContents(db: Kysely<DB>, cassetteIds: number[]): Promise<Map<number, CassetteContents>> {
  const contents = new Map<number, { modules: Placed[]; cartridges: Placed[] }>(cassetteIds.map((id) => [id, { modules: [], cartridges: [] }]));
  if (!cassetteIds.length) return contents;
  const [modules, cartridges] = await Promise.all([
    db.selectFrom('cassette_modules').select(['cassette_id', 'slot as place', 'cassette_module_type_id as type_id']).where('cassette_id', 'in', cassetteIds).execute(),
    db
      .selectFrom('cartridges')
      .select(['cassette_id', 'bay', 'cartridge_type_id as type_id'])
      .where('cassette_id', 'in', cassetteIds)
      .where('bay', 'is not', null)
      .execute(),
  ]);
  for (const m of modules) contents.get(m.cassette_id)?.modules.push(m);
  for (const c of cartridges) if (c.cassette_id !== null && c.bay !== null) contents.get(c.cassette_id)?.cartridges.push({ place: c.bay, type_id: c.type_id });
  return contents;
}

/** A cassette or configuration with nothing in it. */
export const NOTHING: CassetteContents = { modules: [], cartridges: [] };
