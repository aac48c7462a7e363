import type { TestPadsInput } from '../../../contract/requests';
import type { TestApp } from './test-app';
import { next } from './access-world';

type Document = { name: string; data: Buffer | string; type: string; field?: string };
type RequestForm = { projectname?: string; projectdescription?: string; company_id?: number | string; documents?: Document[] };

/** The multipart form of `POST /v1/manage/request`: text fields first, then `documents[n]` as the app sends them. */
export function requestForm({ projectname, projectdescription, company_id, documents = [] }: RequestForm): FormData {
  const form = new FormData();
  if (projectname !== undefined) form.append('projectname', projectname);
  if (projectdescription !== undefined) form.append('projectdescription', projectdescription);
  if (company_id !== undefined) form.append('company_id', String(company_id));
  documents.forEach((doc, n) => {
    const bytes = typeof doc.data === 'string' ? Buffer.from(doc.data) : doc.data;
    form.append(doc.field ?? `documents[${n}]`, new Blob([new Uint8Array(bytes)], { type: doc.type }), doc.name);
  });
  return form;
}

export const schematic = (): Document => ({ name: 'schematic.pdf', data: '%PDF-1.4\n%%EOF\n', type: 'application/pdf' });

/** Records a request for the company as the superadmin, with one document; returns its id. */
export async function createRequest(t: TestApp, companyId: number, form: RequestForm = {}): Promise<number> {
  const res = await t.call('POST', '/v1/manage/request', {
    as: 'root',
    body: requestForm({ projectname: 'Test board', company_id: companyId, documents: [schematic()], ...form }),
  });
  if (res.statusCode !== 201) throw new Error(`create request: ${res.statusCode} ${res.body}`);
  return res.json().data.id;
}

type PadIn = TestPadsInput['pads'][number];

/**
 * `count` pads on a 2.54 mm grid (every one gets a P100, so the board has no error), named
 * `${prefix}1`…, on both sides by turns of rows, plus two tooling holes in far corners when asked.
 */
export function padGrid(count: number, options: { prefix?: string; tooling?: boolean; columns?: number; origin?: number } = {}): PadIn[] {
  const { prefix = 'TP', tooling = true, columns = 100, origin = 5 } = options;
  const pads: PadIn[] = [];
  for (let n = 0; n < count; n++) {
    const column = n % columns;
    const row = Math.floor(n / columns);
    pads.push({
      name: `${prefix}${n + 1}`,
      net: n % 7 === 0 ? 'GND' : `NET${n % 50}`,
      x: Math.round((origin + column * 2.54) * 1000) / 1000,
      y: Math.round((origin + row * 2.54) * 1000) / 1000,
      side: 'top',
      diameter: 1,
      kind: 'pad',
    });
  }
  if (tooling) {
    pads.push({ name: `${prefix}H1`, net: null, x: 1, y: 1, side: 'top', diameter: 3, kind: 'tooling' });
    pads.push({ name: `${prefix}H2`, net: null, x: origin + columns * 2.54 + 5, y: 1, side: 'top', diameter: 3, kind: 'tooling' });
  }
  return pads;
}

export async function addPads(t: TestApp, requestId: number, pads: PadIn[], replace = false): Promise<number[]> {
  const res = await t.call('POST', `/v1/requests/${requestId}/testpads`, { as: 'root', body: { pads, replace } });
  if (res.statusCode !== 201) throw new Error(`add pads: ${res.statusCode} ${res.body}`);
  return res.json().data.map((pad: { id: number }) => pad.id);
}

/**
 * Project requests and their test pads written to the tables directly, for tests that need a
 * request in a given state (status, confirmed step) without going through its routes.
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
