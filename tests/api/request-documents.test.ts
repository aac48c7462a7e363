import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileRefusal } from '../../contract/files';
import { KiB } from './helpers/files';
import { requestForm, schematic } from './helpers/requests';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * A request's documents follow the rules of every upload of the server: their kind's types and
 * size limit (a program is refused by its name, as a browser sends it as
 * `application/octet-stream`, the type Gerber files come as too), and the app's check before
 * sending (contract/files.ts `fileRefusal`) says the same as the server.
 */
const LIMIT = 64 * KiB;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ fileLimits: { document: LIMIT } });
});
afterAll(() => t?.close());

const fileCount = async () => Number((await t.db.selectFrom('files').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
const send = (documents: { name: string; data: Buffer | string; type: string }[]) =>
  t.call('POST', '/v1/manage/request', { as: 'root', body: requestForm({ projectname: 'Docs', company_id: t.companyIds.alpha, documents }) });

describe('request documents', () => {
  it.each([
    ['a program sent as octet-stream', 'setup.exe', 'application/octet-stream', '.exe'],
    ['a program sent as its own type', 'tool.EXE', 'application/x-msdownload', '.exe'],
    ['a script', 'install.sh', 'application/octet-stream', '.sh'],
  ])('refuses %s with 415 on the file, storing nothing', async (_what, name, type, shownType) => {
    const before = await fileCount();
    const res = await send([schematic(), { name, data: 'MZ\u0090\u0000', type }]);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(new RegExp(`^“${name.replace('.', '\\.')}” is of type ${shownType}, which is not accepted here;`));
    expect(res.json().errors).toEqual({ 'documents[1]': ['This type of file is not accepted here.'] });
    expect(await fileCount()).toBe(before);
    // The app refuses the same file before sending it.
    expect(fileRefusal('document', { name, type, size: 4 })).toBe('This type of file is not accepted here.');
  });

  it('refuses a file over the document limit with 413 on that file, storing nothing', async () => {
    const before = await fileCount();
    const res = await send([schematic(), { name: 'big.pdf', data: Buffer.alloc(LIMIT + 1), type: 'application/pdf' }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().errors).toEqual({ 'documents[1]': ['The file is larger than 64 KB.'] });
    expect(await fileCount()).toBe(before);
    expect(fileRefusal('document', { name: 'big.pdf', type: 'application/pdf', size: LIMIT + 1 }, LIMIT)).toBe('The file is larger than 64 KB.');
  });

  it('takes Gerber, drill and table files as before', async () => {
    const res = await send([
      { name: 'board.gbr', data: 'G04 top*', type: 'application/octet-stream' },
      { name: 'board.drl', data: 'M48', type: '' },
      { name: 'points.csv', data: 'name,x,y', type: 'text/csv' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(fileRefusal('document', { name: 'board.gbr', type: 'application/octet-stream', size: 10 })).toBeUndefined();
  });
});
