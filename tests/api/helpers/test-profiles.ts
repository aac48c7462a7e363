import type { TestApp } from './test-app';

/** Test profiles through the API, for the suites. */

export async function createProfile(
  t: TestApp,
  projectId: number,
  body: { name?: string; version: string; description?: string; copy_of?: number },
  as = 'root',
): Promise<number> {
  const res = await t.call('POST', `/v1/projects/${projectId}/testprofiles`, { as, body });
  if (res.statusCode !== 201) throw new Error(`create test profile: ${res.statusCode} ${res.body}`);
  return res.json().data.id;
}

export async function addStep(t: TestApp, profileId: number, body: Record<string, unknown>, as = 'root'): Promise<number> {
  const res = await t.call('POST', `/v1/testprofiles/${profileId}/testconfigurations`, { as, body });
  if (res.statusCode !== 201) throw new Error(`add step: ${res.statusCode} ${res.body}`);
  return res.json().data.id;
}

export async function addVariable(t: TestApp, profileId: number, body: Record<string, unknown>, as = 'root'): Promise<number> {
  const res = await t.call('POST', `/v1/testprofiles/${profileId}/testvariables`, { as, body });
  if (res.statusCode !== 201) throw new Error(`add variable: ${res.statusCode} ${res.body}`);
  return res.json().data.id;
}

/** The multipart form of `POST /v1/testprofiles/{id}/testfiles`. */
export function testFileForm(data: Buffer | string = 'limits = 3.2..3.4\n', name = 'limits.txt', type = 'text/plain'): FormData {
  const form = new FormData();
  form.append('testfile', new Blob([typeof data === 'string' ? data : new Uint8Array(data)], { type }), name);
  return form;
}

export async function uploadTestFile(t: TestApp, profileId: number, form: FormData = testFileForm(), as = 'root'): Promise<number> {
  const res = await t.call('POST', `/v1/testprofiles/${profileId}/testfiles`, { as, body: form });
  if (res.statusCode !== 201) throw new Error(`upload test file: ${res.statusCode} ${res.body}`);
  return res.json().data.id;
}

/** A draft with one step, ready to be activated. */
export async function readyDraft(t: TestApp, projectId: number, name: string, version = '1'): Promise<number> {
  const id = await createProfile(t, projectId, { name, version });
  await addStep(t, id, { name: 'power on', low: 3.1, high: 3.5, unit: 'V' });
  return id;
}

/** The project's active profile, with its retest policy (attempts per board per repair cycle). */
export async function activeProfileWithLimit(t: TestApp, projectId: number, attemptLimit: number | null, name = 'smoke', version = '1.0'): Promise<number> {
  const id = await readyDraft(t, projectId, name, version);
  const limited = await t.call('PATCH', `/v1/testprofiles/${id}`, { as: 'alpha-admin', body: { attempt_limit: attemptLimit } });
  if (limited.statusCode !== 200) throw new Error(`attempt limit: ${limited.statusCode} ${limited.body}`);
  const activated = await t.call('POST', `/v1/testprofiles/${id}/active`, { as: 'alpha-admin' });
  if (activated.statusCode !== 200) throw new Error(`activate: ${activated.statusCode} ${activated.body}`);
  return id;
}
