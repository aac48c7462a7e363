import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sample } from './helpers/access-world';
import { createTestApp, type TestApp } from './helpers/test-app';
import { writeRoutes, type WriteRoute } from './helpers/write-routes';

/**
 * Every declared write route (POST, PUT, PATCH, DELETE; uploads too), found from the server's
 * own route table, called with bodies a careless or hostile client sends: not JSON, the wrong
 * shape, each field of its sample call replaced by a wrong type, a huge or unstorable text, a
 * number past any column, and malformed multipart. Whatever the answer, it is never a 5xx. The
 * choices come from a fixed seed, so a failure is the same on every run.
 */
const SEED = 0x5eed_2026;

/** mulberry32: small, fast, and the same sequence for the same seed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), a | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** Values put in place of one field. */
const WRONG_VALUES: [name: string, value: unknown][] = [
  ['null', null],
  ['true', true],
  ['zero', 0],
  ['minus one', -1],
  ['a fraction', 1.5],
  ['1e308', 1e308],
  ['2^31', 2 ** 31],
  ['2^53 + 2', 2 ** 53 + 2],
  ['empty text', ''],
  ['spaces', '   '],
  ['100,000 characters', 'x'.repeat(100_000)],
  ['half a surrogate pair', '\ud800'],
  ['a NUL', 'a\u0000b'],
  ['surrogates reversed', '\udfff\ud800'],
  ['1,000 emoji', '😀'.repeat(1000)],
  ['a number as text', '12'],
  ['an impossible date', '2026-02-30'],
  ['a path', '../../etc/passwd'],
  ['SQL', "' OR 1=1; --"],
  ['an empty list', []],
  ['a list of null', [null]],
  ['a list of 10,000 numbers', Array.from({ length: 10_000 }, (_, n) => n)],
  ['an empty object', {}],
  ['an object', { id: 1, name: 'x' }],
  ['a prototype key', JSON.parse('{"__proto__": {"admin": true}}')],
];

/** Whole bodies, as raw text sent as JSON. */
const RAW_BODIES: [name: string, body: string][] = [
  ['not JSON', '{'],
  ['cut-off JSON', '{"name": "x'],
  ['null', 'null'],
  ['a list', '[]'],
  ['a text', '"text"'],
  ['a number', '12'],
  ['a prototype key', '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}'],
  ['deep nesting', `${'['.repeat(5000)}${']'.repeat(5000)}`],
  ['a lone surrogate escape', '{"name": "\\ud800", "description": "\\u0000"}'],
];

const BOUNDARY = 'fuzz-boundary';
/** Multipart bodies that are not what their headers promise. */
const BAD_MULTIPART: [name: string, contentType: string, body: string][] = [
  ['no boundary', 'multipart/form-data', `--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n--${BOUNDARY}--\r\n`],
  ['cut off', `multipart/form-data; boundary=${BOUNDARY}`, `--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\n\r\nxx`],
  ['LF line ends', `multipart/form-data; boundary=${BOUNDARY}`, `--${BOUNDARY}\nContent-Disposition: form-data; name="a"\n\nx\n--${BOUNDARY}--\n`],
  ['a part without a name', `multipart/form-data; boundary=${BOUNDARY}`, `--${BOUNDARY}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${BOUNDARY}--\r\n`],
  ['a prototype field', `multipart/form-data; boundary=${BOUNDARY}`, `--${BOUNDARY}\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n--${BOUNDARY}--\r\n`],
  ['JSON instead', 'application/json', '{"a": 1}'],
];

type Call = { name: string; url?: string; body?: unknown; raw?: string; contentType?: string };

/** The mutations of one JSON route's sample: whole bodies, then each field replaced in turn. */
function jsonCalls(sample: Sample, next: () => number): Call[] {
  const calls: Call[] = RAW_BODIES.map(([name, raw]) => ({ name, raw, contentType: 'application/json' }));
  calls.push({ name: 'text/plain', raw: 'hello', contentType: 'text/plain' });
  const body = sample.body;
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const fields = Object.keys(body);
    for (const field of fields) {
      // Four wrong values per field, the seed choosing which.
      for (let n = 0; n < 4; n++) {
        const [name, value] = WRONG_VALUES[Math.floor(next() * WRONG_VALUES.length)];
        calls.push({ name: `${field} = ${name}`, body: { ...body, [field]: value } });
      }
      // Inside a list of objects (pads, steps, values): its first item's fields too.
      const list = (body as Record<string, unknown>)[field];
      if (Array.isArray(list) && list[0] && typeof list[0] === 'object') {
        for (const inner of Object.keys(list[0] as object)) {
          const [name, value] = WRONG_VALUES[Math.floor(next() * WRONG_VALUES.length)];
          calls.push({ name: `${field}.0.${inner} = ${name}`, body: { ...body, [field]: [{ ...(list[0] as object), [inner]: value }, ...list.slice(1)] } });
        }
      }
    }
    const everything = Object.fromEntries(fields.map((f) => [f, WRONG_VALUES[Math.floor(next() * WRONG_VALUES.length)][1]]));
    calls.push({ name: 'every field wrong', body: everything }, { name: 'unknown fields', body: { ...body, zzz: 1, 'a.b': [] } });
  }
  return calls;
}

/** A form like `form`, with `change` applied to its entries. */
function changedForm(form: FormData, change: (entries: [string, FormDataEntryValue][]) => [string, FormDataEntryValue][]): FormData {
  const out = new FormData();
  for (const [name, value] of change([...form.entries()])) {
    if (typeof value === 'string') out.append(name, value);
    else out.append(name, value, value.name);
  }
  return out;
}

/** The mutations of an upload's sample form: malformed bodies, then its text fields and file. */
function uploadCalls(sample: Sample, next: () => number): Call[] {
  const calls: Call[] = BAD_MULTIPART.map(([name, contentType, raw]) => ({ name, raw, contentType }));
  const form = sample.body as FormData;
  const texts = [...form.entries()].filter(([, value]) => typeof value === 'string').map(([name]) => name);
  for (const field of texts) {
    for (const [name, value] of [
      ['70,000 characters', 'x'.repeat(70_000)],
      ['a NUL', 'a\u0000b'],
      ['empty', ''],
      [WRONG_VALUES[Math.floor(next() * WRONG_VALUES.length)][0], String(WRONG_VALUES[Math.floor(next() * WRONG_VALUES.length)][1])],
    ] as const) {
      calls.push({ name: `${field} = ${name}`, body: changedForm(form, (entries) => entries.map(([k, v]) => [k, k === field ? value : v])) });
    }
    calls.push({ name: `${field} twice`, body: changedForm(form, (entries) => [...entries, [field, 'again']]) });
  }
  const file = (type: string, size: number, name: string) => new File([new Uint8Array(size)], name, { type });
  const withFile = (name: string, replacement: (key: string) => [string, FormDataEntryValue][]) =>
    calls.push({ name, body: changedForm(form, (entries) => entries.flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : replacement(k)))) });
  withFile('an empty file', (k) => [[k, file('application/pdf', 0, 'empty.pdf')]]);
  withFile('a file of no type', (k) => [[k, file('', 10, 'x')]]);
  withFile('a file named with control characters and 300 characters', (k) => [[k, file('application/pdf', 10, `\u0001${'n'.repeat(300)}\u007f.pdf`)]]);
  withFile('an executable', (k) => [[k, file('application/x-msdownload', 10, 'setup.exe')]]);
  withFile('the file as text', (k) => [[k, 'not a file']]);
  withFile('the file twice', (k) => [[k, file('application/pdf', 10, 'a.pdf')], [k, file('application/pdf', 10, 'b.pdf')]]);
  withFile('the file under another name', () => [['other', file('application/pdf', 10, 'a.pdf')]]);
  withFile('no file', () => []);
  return calls;
}

/** Paths whose `:id` names nothing a row can be. */
const BAD_IDS = ['0', '-1', '99999999999', 'abc', '1.5', '%00', '1e3'];

let t: TestApp;
let routes: WriteRoute[];

beforeAll(async () => {
  t = await createTestApp();
  routes = (await writeRoutes(t)).routes;
}, 60_000);
afterAll(() => t?.close());

describe('fuzzing every write route', () => {
  it('finds write routes of every method, uploads among them', () => {
    const methods = new Set(routes.map((r) => r.route.method));
    expect([...methods].sort()).toEqual(['DELETE', 'PATCH', 'POST', 'PUT']);
    expect(routes.filter((r) => r.route.consumes).length).toBe(6);
  });

  it('answers no call with a 5xx', async () => {
    const next = random(SEED);
    const failures: string[] = [];
    let calls = 0;
    for (const route of routes) {
      const sample = await route.sample();
      const url = route.url(sample);
      const planned = route.route.consumes ? uploadCalls(sample, next) : jsonCalls(sample, next);
      if (route.route.url.includes(':id')) {
        for (const id of BAD_IDS) planned.push({ name: `:id = ${id}`, url: route.route.url.replace(':id', id), body: sample.body });
      }
      // Logging out and password changes end a login: each route starts from one of its own.
      const auth = route.route.access === 'jig' ? {} : await t.login('root', { fresh: true });
      for (const call of planned) {
        const res = await t.app.inject({
          method: route.route.method as 'POST',
          url: `/v1${(call.url ?? url).replace(/^\/v1/, '')}`,
          headers: { ...auth, ...sample.headers, ...(call.contentType && { 'content-type': call.contentType }) },
          ...(call.raw !== undefined ? { payload: call.raw } : call.body !== undefined && { payload: call.body as object }),
        });
        calls += 1;
        if (res.statusCode >= 500) failures.push(`${route.key} with ${call.name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    console.log(`fuzzed ${routes.length} write routes with ${calls} calls`);
    expect(failures).toEqual([]);
  }, 120_000);
});
