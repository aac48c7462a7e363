import { next } from './access-world';
import type { TestApp } from './test-app';

/** Registers an unprovisioned enclosure as the superadmin and returns its id. */
export async function registerEnclosure(t: TestApp, fields: { serial?: string; name?: string; company_id?: number | null } = {}): Promise<number> {
  const res = await t.call('POST', '/v1/enclosures', { as: 'root', body: { serial: `ENC-${next()}`, name: 'Test jig', ...fields } });
  if (res.statusCode !== 201) throw new Error(`register enclosure: ${res.statusCode} ${res.body}`);
  return res.json().data.id;
}

/** Provisions an enclosure as the superadmin; returns the secret and signature answered once. */
export async function provisionEnclosure(t: TestApp, id: number): Promise<{ secret: string; signature: string }> {
  const res = await t.call('PUT', `/v1/enclosures/${id}?provisioning=provisioned`, { as: 'root' });
  if (res.statusCode !== 200) throw new Error(`provision enclosure: ${res.statusCode} ${res.body}`);
  return res.json().data.credentials;
}
