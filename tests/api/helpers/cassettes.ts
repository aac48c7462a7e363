import type { TestApp } from './test-app';

let n = 0;
const unique = () => `${++n}-${Math.random().toString(36).slice(2, 6)}`;

/** An AMS module (as root); its id. */
export async function addModuleType(t: TestApp, body: { name?: string; ams_type?: string } = {}): Promise<number> {
  const res = await t.call('POST', '/v1/cassettemoduletypes', { as: 'root', body: { name: `Module ${unique()}`, ams_type: 'dmm', ...body } });
  if (res.statusCode !== 201) throw new Error(`module type: ${res.body}`);
  return res.json().data.id;
}

/** A cassette of the company (as root); its id. */
export async function addCassette(t: TestApp, companyId: number, body: Record<string, unknown> = {}): Promise<number> {
  const res = await t.call('POST', '/v1/cassettes', {
    as: 'root',
    body: { serial: `CS-${unique()}`, name: 'Test cassette', company_id: companyId, ...body },
  });
  if (res.statusCode !== 201) throw new Error(`cassette: ${res.body}`);
  return res.json().data.id;
}
