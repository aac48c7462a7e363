import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { byteMeter, wrongBackend, type FileStore, type PutOptions, type StoredFile } from './file-store';
import { deleteFileRow, fileRow, insertFileRow } from './rows';

const TEMP_SUFFIX = '.part';
/** A temp file this old belongs to no live upload (a crash left it): safe to remove at start. */
const STALE_TEMP_MS = 24 * 3_600_000;

/**
 * Bytes in `<DATA_DIR>/files/<id>`, the default. An upload is written to `<id>.part` beside its
 * final name and renamed only when complete and synced, so a reader never sees half a file and
 * a failed upload leaves at most a temp file, which the failure removes.
 */
export class FolderFileStore implements FileStore {
  readonly backend = 'folder';

  private constructor(
    private readonly db: Kysely<DB>,
    readonly dir: string,
  ) {}

  static async open(db: Kysely<DB>, dir: string): Promise<FolderFileStore> {
    await mkdir(dir, { recursive: true });
    await removeStaleTemps(dir);
    return new FolderFileStore(db, dir);
  }

  async put(source: Readable, { name, type, limit }: PutOptions): Promise<StoredFile> {
    const id = randomUUID();
    const temp = this.pathOf(id) + TEMP_SUFFIX;
    const meter = byteMeter(limit);
    try {
      const handle = await open(temp, 'wx');
      // flush: fsync before close, so the rename never publishes bytes still in the page cache.
      await pipeline(source, meter.pass, handle.createWriteStream({ flush: true }));
      await rename(temp, this.pathOf(id));
    } catch (error) {
      source.destroy(); // pipeline does this too, but not when opening the temp file failed
      await rm(temp, { force: true });
      throw error;
    }
    // Bytes first, row second: a crash in between leaves an unreferenced file, never a row
    // that points at nothing.
    const created_at = new Date().toISOString();
    const file: StoredFile = { id, name, type, ...meter.result(), created_at, backend: 'folder' };
    try {
      await insertFileRow(this.db, file);
    } catch (error) {
      await rm(this.pathOf(id), { force: true });
      throw error;
    }
    return file;
  }

  async get(id: string) {
    const meta = await this.stat(id);
    if (!meta) return undefined;
    if (meta.backend !== this.backend) throw wrongBackend(meta, this.backend);
    // Opened before answering, so a missing file is an error here rather than mid-download.
    const handle = await open(this.pathOf(meta.id), 'r');
    return { meta, stream: handle.createReadStream() as Readable };
  }

  stat(id: string) {
    return fileRow(this.db, id);
  }

  async delete(id: string): Promise<void> {
    const meta = await this.stat(id);
    if (!meta) return;
    if (meta.backend !== this.backend) throw wrongBackend(meta, this.backend);
    // Row first: a crash before the unlink leaves an orphan file, never a row without bytes.
    // A download already streaming keeps reading the unlinked file to its end.
    await deleteFileRow(this.db, id);
    await rm(this.pathOf(meta.id), { force: true });
  }

  /** Only ids this store made reach the disk: a UUID has no path separators or dots. */
  private pathOf(id: string): string {
    if (!/^[0-9a-f-]{36}$/.test(id)) throw new Error(`Not a file id: ${id}`);
    return path.join(this.dir, id);
  }
}

async function removeStaleTemps(dir: string): Promise<void> {
  const now = Date.now();
  for (const entry of await readdir(dir)) {
    if (!entry.endsWith(TEMP_SUFFIX)) continue;
    const full = path.join(dir, entry);
    const info = await stat(full).catch(() => undefined);
    if (info && now - info.mtimeMs > STALE_TEMP_MS) await rm(full, { force: true });
  }
}
