import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectOf } from '../../server/db/dialect';
import { FILES_FOLDER } from '../../server/files/open';
import { createTestApp, type TestApp } from './helpers/test-app';
import { writeRoutes, type WriteRoute } from './helpers/write-routes';

/**
 * Bodies that claim to be multipart but are not well formed, sent to every upload route the
 * server declares: each is the client's mistake (400 with a message), never a 5xx, and nothing
 * of it is stored.
 */
const BOUNDARY = 'malformed-boundary';
/** Fields whose uploads take a PDF (a calibration's certificate, a repair's photo or file), not an archive. */
const PDF_FIELDS = new Set(['certificate', 'file']);
const form = (eol: string, fileField: string) =>
  `--${BOUNDARY}${eol}Content-Disposition: form-data; name="notes"${eol}${eol}hello${eol}` +
  `--${BOUNDARY}${eol}Content-Disposition: form-data; name="${fileField}"; filename="a.bin"${eol}Content-Type: ${PDF_FIELDS.has(fileField) ? 'application/pdf' : 'application/zip'}${eol}${eol}` +
  `${'x'.repeat(2000)}${eol}--${BOUNDARY}--${eol}`;
const WITH_BOUNDARY = `multipart/form-data; boundary=${BOUNDARY}`;

/** Each malformed body for a route whose file goes in `fileField`. */
const malformed = (fileField: string): { name: string; contentType: string; body: string }[] => [
  { name: 'no boundary', contentType: 'multipart/form-data', body: form('\r\n', fileField) },
  { name: 'an empty boundary', contentType: 'multipart/form-data; boundary=', body: form('\r\n', fileField) },
  { name: 'a boundary of 300 characters', contentType: `multipart/form-data; boundary=${'b'.repeat(300)}`, body: form('\r\n', fileField) },
  { name: 'a body cut off in a text field', contentType: WITH_BOUNDARY, body: form('\r\n', fileField).slice(0, 80) },
  { name: 'a body cut off in the file', contentType: WITH_BOUNDARY, body: form('\r\n', fileField).slice(0, 1200) },
  { name: 'line ends of LF only', contentType: WITH_BOUNDARY, body: form('\n', fileField) },
  { name: 'no boundary line at all', contentType: WITH_BOUNDARY, body: 'just text, no boundary line' },
];

let t: TestApp;
let dataDir: string;
let uploads: WriteRoute[];
/** The file field of each upload route, from the OpenAPI document (the part of binary format). */
let fileFields: Record<string, string>;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'jigboard-malformed-'));
  t = await createTestApp({ dataDir });
  uploads = (await writeRoutes(t)).routes.filter((r) => r.route.consumes === 'multipart/form-data');
  const doc = (await t.call('GET', '/v1/openapi.json')).json();
  fileFields = Object.fromEntries(
    uploads.map((u) => {
      const openApiPath = u.route.url.replace(/:(\w+)/g, '{$1}');
      const schema = doc.paths[openApiPath].post.requestBody.content['multipart/form-data'].schema;
      const [name] = Object.entries(schema.properties as Record<string, { format?: string }>).find(([, p]) => p.format === 'binary')!;
      // Several files go as `documents[0]`, `documents[1]`, …
      return [u.key, name === 'documents' ? 'documents[0]' : name];
    }),
  );
}, 60_000);
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every trace a stored file leaves: rows, PostgreSQL chunks, files on disk. */
async function stored() {
  const count = async (table: 'files' | 'file_chunks') =>
    Number((await t.db.selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  const dir = path.join(dataDir, FILES_FOLDER);
  return {
    files: await count('files'),
    chunks: dialectOf(t.db) === 'postgres' ? await count('file_chunks') : 0,
    disk: existsSync(dir) ? readdirSync(dir).length : 0,
  };
}

describe('malformed multipart bodies on every upload route', () => {
  it('finds the six upload routes', () => {
    expect(uploads.map((u) => u.key).sort()).toEqual([
      'POST /cartridges/:id/calibrations',
      'POST /cartridgetypes/:id/firmware',
      'POST /enclosure-updates',
      'POST /manage/request',
      'POST /repairs/:id/complete',
      'POST /testprofiles/:id/testfiles',
    ]);
  });

  it('answers 400 with a message and stores nothing', async () => {
    const before = await stored();
    const failures: string[] = [];
    for (const upload of uploads) {
      const url = upload.url(await upload.sample());
      for (const bad of malformed(fileFields[upload.key])) {
        const res = await t.call('POST', url, { as: 'root', body: bad.body, headers: { 'content-type': bad.contentType } });
        const message = res.headers['content-type']?.toString().startsWith('application/json') ? res.json().message : undefined;
        if (res.statusCode !== 400 || typeof message !== 'string' || !message) {
          failures.push(`${upload.key} with ${bad.name}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await stored()).toEqual(before);
  });
});
