import type { TestApp } from './test-app';

let made = 0;

/** Creates a measurement test function as root and gives its id. */
export async function createTestFunction(t: TestApp, body: Record<string, unknown> = {}): Promise<number> {
  made += 1;
  const types = (await t.call('GET', '/v1/testfunctiontypes', { as: 'root' })).json().data as { id: number; slug: string }[];
  const res = await t.call('POST', '/v1/testfunctions', {
    as: 'root',
    body: { name: `Helper function ${made} ${Date.now()}`, test_function_type_id: types[0]!.id, ...body },
  });
  if (res.statusCode !== 201) throw new Error(`createTestFunction: ${res.statusCode} ${res.body}`);
  return res.json().data.id as number;
}
