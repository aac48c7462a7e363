import { randomBytes } from 'node:crypto';
import type { TestApp } from './test-app';

/** Creates a cartridge type as the superadmin and returns its id. */
export async function createType(t: TestApp, name: string, description = ''): Promise<number> {
  const res = await t.call('POST', '/v1/cartridgetypes', { as: 'root', body: { name, description } });
  if (res.statusCode !== 201) throw new Error(`create cartridge type: ${res.statusCode} ${res.body}`);
  return res.json().data.id;
}

export async function addPin(t: TestApp, typeId: number, pin: { number: number; name: string; pin_type_id?: number | null }): Promise<number> {
  const res = await t.call('POST', `/v1/cartridgetypes/${typeId}/connectorpins`, { as: 'root', body: pin });
  if (res.statusCode !== 201) throw new Error(`add pin: ${res.statusCode} ${res.body}`);
  return res.json().data.id;
}

type Form = { version?: string; description?: string; data?: Buffer; type?: string; name?: string };

/** The multipart form of `POST /v1/cartridgetypes/{id}/firmware`, texts first. */
export function cartridgeFirmwareForm({ version, description, data, type = 'application/octet-stream', name = 'cartridge.bin' }: Form): FormData {
  const form = new FormData();
  if (version !== undefined) form.append('version', version);
  if (description !== undefined) form.append('description', description);
  if (data) form.append('firmware', new Blob([new Uint8Array(data)], { type }), name);
  return form;
}

export async function uploadCartridgeFirmware(t: TestApp, typeId: number, form: Form = {}): Promise<number> {
  const res = await t.call('POST', `/v1/cartridgetypes/${typeId}/firmware`, {
    as: 'root',
    body: cartridgeFirmwareForm({ version: '1.0.0', data: randomBytes(2048), ...form }),
  });
  if (res.statusCode !== 201) throw new Error(`upload cartridge firmware: ${res.statusCode} ${res.body}`);
  return res.json().data.id;
}
