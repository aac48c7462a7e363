import { randomBytes } from 'node:crypto';
import type { TestApp } from './test-app';

type FirmwareForm = {
  description?: string;
  patch_notes?: string;
  /** The file's bytes; omit `data` and `firmware` is not sent at all. */
  data?: Buffer;
  type?: string;
  name?: string;
};

/** The multipart form of `POST /v1/enclosure-updates`, text fields first as the app sends them. */
export function firmwareForm({ description, patch_notes, data, type = 'application/octet-stream', name = 'jb-controller.bin' }: FirmwareForm): FormData {
  const form = new FormData();
  if (description !== undefined) form.append('description', description);
  if (patch_notes !== undefined) form.append('patch_notes', patch_notes);
  if (data) form.append('firmware', new Blob([new Uint8Array(data)], { type }), name);
  return form;
}

/** Uploads a small firmware as the superadmin and returns the new update's id. */
export async function uploadFirmware(t: TestApp, form: FirmwareForm = {}): Promise<number> {
  const res = await t.call('POST', '/v1/enclosure-updates', {
    as: 'root',
    body: firmwareForm({ description: 'Controller 1.0.0', data: randomBytes(4096), ...form }),
  });
  if (res.statusCode !== 201) throw new Error(`upload firmware: ${res.statusCode} ${res.body}`);
  return res.json().data.id;
}
