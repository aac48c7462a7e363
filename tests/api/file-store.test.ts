import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dialectOf } from '../../server/db/dialect';
import { FileTooLargeError } from '../../server/files/file-store';
import { openFileStore } from '../../server/files/open';
import { CHUNK_SIZE, PostgresFileStore, TRANSFER_CONNECTION_NAME } from '../../server/files/postgres-store';
import { BACKENDS, generated, KiB, memoryPeak, MiB, openStoreWorld, readAll, sha256 } from './helpers/files';

/** One contract, every back end: what a route may rely on whichever store the server uses. */
describe.each(BACKENDS)('file store: %s', (backend) => {
  let world: Awaited<ReturnType<typeof openStoreWorld>>;
  beforeAll(async () => {
    world = await openStoreWorld(backend);
  });
  afterAll(() => world.close());
  // Each test starts empty, so a failing one cannot make the next one's leftovers count wrong.
  afterEach(async () => {
    for (const { id } of await world.db.selectFrom('files').select('id').execute()) await world.store.delete(id);
  });

  it('gives back the same bytes, with size, sha256, name and type', async () => {
    // Past three chunk boundaries of the PostgreSQL store, ending mid-chunk.
    const data = randomBytes(3 * CHUNK_SIZE + 12_345);
    const put = await world.store.put(Readable.from([data.subarray(0, 1000), data.subarray(1000)]), {
      name: 'fw v1.2 ü.bin',
      type: 'application/octet-stream',
      limit: data.length,
    });
    expect(put).toMatchObject({
      size: data.length,
      sha256: sha256(data),
      name: 'fw v1.2 ü.bin',
      type: 'application/octet-stream',
      backend,
    });
    expect(put.id).toMatch(/^[0-9a-f-]{36}$/);

    const got = await world.store.get(put.id);
    expect(got?.meta).toEqual(put);
    const back = await readAll(got!.stream);
    expect(back.equals(data)).toBe(true);
    expect(await world.store.stat(put.id)).toEqual(put);

    const left = await world.leftovers();
    expect(left.rows).toBe(1);
    if (backend === 'postgres') expect(left.chunks).toBe(4);
    else expect(left.disk).toEqual([put.id]); // named by id, no temp file left
  });

  it('stores an empty file and a file of exactly the limit', async () => {
    const empty = await world.store.put(Readable.from([]), { name: 'empty.txt', type: 'text/plain', limit: 10 });
    expect(empty).toMatchObject({ size: 0, sha256: sha256(Buffer.alloc(0)) });
    expect((await readAll((await world.store.get(empty.id))!.stream)).length).toBe(0);

    const ten = Readable.from([Buffer.alloc(10, 7)]);
    const full = await world.store.put(ten, { name: 'ten', type: 'text/plain', limit: 10 });
    expect(full.size).toBe(10);
    await world.store.delete(empty.id);
    await world.store.delete(full.id);
    expect(await world.leftovers()).toEqual(world.none);
  });

  it('streams 50 MB in and out without holding it in memory', async () => {
    const size = 50 * MiB;
    const memory = memoryPeak();
    let bytes = 0;
    const sample = (more: number) => {
      if (Math.floor((bytes + more) / (4 * MiB)) > Math.floor(bytes / (4 * MiB))) memory.sample(); // every 4 MiB
      bytes += more;
    };
    const source = generated(size, { onChunk: sample });
    const put = await world.store.put(source.stream, { name: 'big.bin', type: 'application/x-binary', limit: size });
    expect(put).toMatchObject({ size, sha256: source.sha256() });

    const { stream } = (await world.store.get(put.id))!;
    const hash = createHash('sha256');
    let read = 0;
    for await (const chunk of stream) {
      hash.update(chunk as Buffer);
      read += (chunk as Buffer).length;
      sample((chunk as Buffer).length);
    }
    expect(read).toBe(size);
    expect(hash.digest('hex')).toBe(put.sha256);
    // Held whole, the file would add 50 MB; streamed, one or two chunks are in flight. RSS also
    // keeps the heap pages garbage once took, hence its looser bound.
    expect(memory.growth().arrayBuffers).toBeLessThan(8 * MiB);
    expect(memory.growth().rss).toBeLessThan(size);
  }, 120_000);

  it('refuses a stream past its limit with FileTooLargeError and leaves nothing', async () => {
    const source = generated(2 * MiB, { chunkSize: 16 * KiB });
    const put = world.store.put(source.stream, { name: 'big', type: 'application/octet-stream', limit: MiB + 1 });
    await expect(put).rejects.toBeInstanceOf(FileTooLargeError);
    await expect(put).rejects.toMatchObject({ limit: MiB + 1 });
    // It stopped reading soon after the limit, not at the end of the stream.
    expect(source.produced()).toBeLessThan(2 * MiB);
    expect(source.stream.destroyed).toBe(true);
    expect(await world.leftovers()).toEqual(world.none);
  });

  it('leaves nothing when the stream fails midway', async () => {
    const source = generated(4 * MiB, { failAfter: 1.5 * MiB });
    const put = world.store.put(source.stream, { name: 'cut', type: 'application/octet-stream', limit: 10 * MiB });
    await expect(put).rejects.toThrow('connection reset by peer');
    expect(await world.leftovers()).toEqual(world.none);
  });

  it('lets go of a download the client abandons midway, and reads the file whole again', async () => {
    // Far more than the sockets buffer, so the backend is still sending when the client leaves.
    const data = randomBytes(32 * CHUNK_SIZE + 7);
    const put = await world.store.put(Readable.from([data]), { name: 'fw.bin', type: 'application/octet-stream', limit: data.length });
    // The backends copying this file out. Other test files share the server and run transfers
    // of their own at the same time: counting every transfer connection saw theirs (2, not 1).
    const copies = () => world.db.selectFrom(sql`pg_stat_activity`.as('a'))
      .where(sql.ref('application_name'), '=', TRANSFER_CONNECTION_NAME)
      .where(sql.ref('query'), 'like', `%${put.id}%`)
      .select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow().then((r) => Number(r.n));

    const { stream } = (await world.store.get(put.id))!;
    try {
      const reading = stream[Symbol.asyncIterator]();
      expect(((await reading.next()).value as Buffer).length).toBeGreaterThan(0);
      if (backend === 'postgres') expect(await copies()).toBe(1);
    } finally {
      stream.destroy(); // the client went away (and, if a check above failed, no COPY is left parked to block the schema's drop)
    }
    await new Promise((closed) => (stream.closed ? closed(undefined) : stream.once('close', closed)));
    if (backend === 'postgres') await expect.poll(copies, { timeout: 5_000 }).toBe(0); // its connection is gone, not parked mid-COPY

    expect((await readAll((await world.store.get(put.id))!.stream)).equals(data)).toBe(true);
  });

  it('deletes bytes and row, and a second delete is no error', async () => {
    const bytes = Readable.from([randomBytes(CHUNK_SIZE + 1)]);
    const put = await world.store.put(bytes, { name: 'x', type: 'text/plain', limit: 2 * CHUNK_SIZE });
    expect((await world.leftovers()).rows).toBe(1);
    await world.store.delete(put.id);
    expect(await world.store.get(put.id)).toBeUndefined();
    expect(await world.store.stat(put.id)).toBeUndefined();
    expect(await world.leftovers()).toEqual(world.none);
    await expect(world.store.delete(put.id)).resolves.toBeUndefined();
  });

  it('answers undefined for an id it does not know, whatever its shape', async () => {
    for (const id of [randomUUID(), '../../jigboard.sqlite', '']) {
      expect(await world.store.get(id)).toBeUndefined();
      expect(await world.store.stat(id)).toBeUndefined();
      await expect(world.store.delete(id)).resolves.toBeUndefined();
    }
  });

  it('refuses to serve a file another back end holds, rather than pretend it is gone', async () => {
    const other = backend === 'folder' ? 'postgres' : 'folder';
    const id = randomUUID();
    await world.db
      .insertInto('files')
      .values({ id, name: 'n', type: 't/t', size: 1, sha256: 'x', backend: other, created_at: '2026-01-01T00:00:00.000Z' })
      .execute();
    await expect(world.store.get(id)).rejects.toThrow(`held by the ${other} file store`);
    await expect(world.store.delete(id)).rejects.toThrow(`held by the ${other} file store`);
    await world.db.deleteFrom('files').where('id', '=', id).execute();
  });
});

describe('choosing the file store', () => {
  let world: Awaited<ReturnType<typeof openStoreWorld>>;
  beforeAll(async () => {
    world = await openStoreWorld('folder');
  });
  afterAll(() => world.close());

  it('defaults to the folder on SQLite and to the database on PostgreSQL', async () => {
    const onPostgres = dialectOf(world.db) === 'postgres';
    const store = await openFileStore(world.db, world.dataDir);
    expect(store.backend).toBe(onPostgres ? 'postgres' : 'folder');
    if (!onPostgres) {
      await expect(openFileStore(world.db, world.dataDir, 'postgres')).rejects.toThrow(/needs the PostgreSQL database/);
    }
  });

  it('uses a store handed in as it is', async () => {
    expect(await openFileStore(world.db, world.dataDir, world.store)).toBe(world.store);
  });
});

// Only where the suite runs on PostgreSQL (the store needs it), as the describe.each above.
for (const backend of BACKENDS.filter((b) => b === 'postgres')) describe(`file store: ${backend}, its connections`, () => {
  let world: Awaited<ReturnType<typeof openStoreWorld>>;
  beforeAll(async () => {
    world = await openStoreWorld(backend);
  });
  afterAll(() => world.close());

  it('opens at most its number of transfer connections; the next transfer waits for a turn', async () => {
    const store = new PostgresFileStore(world.db, 2);
    const data = randomBytes(2 * CHUNK_SIZE);
    const put = await store.put(Readable.from([data]), { name: 'fw.bin', type: 'application/octet-stream', limit: data.length });
    const first = async () => {
      const { stream } = (await store.get(put.id))!;
      const reading = stream[Symbol.asyncIterator]();
      await reading.next();
      return stream;
    };
    const holding = [await first(), await first()];
    let third = false;
    const waiting = first().then((stream) => ((third = true), stream));
    await new Promise((r) => setTimeout(r, 300));
    expect(third).toBe(false); // two downloads hold both turns
    holding[0].destroy();
    const stream = await waiting; // the abandoned one's turn passed on
    expect(third).toBe(true);
    for (const s of [holding[1], stream]) s.destroy();
    // Turns come back from finished transfers too: a whole read and an upload still go.
    expect((await readAll((await store.get(put.id))!.stream)).equals(data)).toBe(true);
    await store.put(Readable.from([data]), { name: 'again.bin', type: 'application/octet-stream', limit: data.length });
    await store.delete(put.id);
  });
});
