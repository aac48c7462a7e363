import { next } from './access-world';
import type { TestApp } from './test-app';

/**
 * Project requests and their test pads written to the tables directly: their own routes
 * (POST /manage/request, POST /requests/{id}/testpads) live in another slice. Minimal on purpose.
 */

export async function insertRequest(
  t: TestApp,
  companyId: number,
  fields: { projectname?: string; status?: string; confirmed_step?: string | null } = {},
): Promise<number> {
  const now = new Date().toISOString();
  const { id } = await t.db
    .insertInto('project_requests')
    .values({
      company_id: companyId,
      projectname: fields.projectname ?? `Request ${next()}`,
      projectdescription: 'Inserted by a test',
      status: fields.status ?? 'in_progress',
      confirmed_step: fields.confirmed_step ?? null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export type PadRow = { name: string; x: number; y: number; kind?: 'pad' | 'via' | 'through_hole' | 'tooling'; net?: string | null; side?: 'top' | 'bottom'; diameter?: number | null };

/** Inserts pads on the request; their ids in order. */
export async function insertPads(t: TestApp, requestId: number, pads: PadRow[]): Promise<number[]> {
  const now = new Date().toISOString();
  const rows = await t.db
    .insertInto('test_pads')
    .values(
      pads.map((p) => ({
        request_id: requestId,
        name: p.name,
        net: p.net === undefined ? `NET_${p.name}` : p.net,
        x: p.x,
        y: p.y,
        side: p.side ?? 'top',
        diameter: p.diameter === undefined ? 1 : p.diameter,
        kind: p.kind ?? 'pad',
        created_at: now,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** `n` pads 5 mm apart in a row (each fits a P100), named TP1…TPn. */
export const padRow = (n: number, prefix = 'TP'): PadRow[] => Array.from({ length: n }, (_, i) => ({ name: `${prefix}${i + 1}`, x: 10 + 5 * i, y: 10 }));
