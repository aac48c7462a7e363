import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. Firmware images reach 1 GB, so every back end takes and gives
 * streams and never holds a file whole in memory; a put either stores the whole file and its
 * row or leaves nothing behind.
 */
export type FileBackend = 'folder' | 'postgres';

export type StoredFile = {
  /** A random UUID: also the name on disk, so no user input ever becomes a path. */
  id: string;
  /** The uploader's file name, kept for the download's Content-Disposition only. */
  name: string;
  /** The content type the upload declared (and the route allowed), sent back on download. */
  type: string;
  size: number;
  /** Hex sha256 of the bytes, computed as they passed. */
  sha256: string;
  created_at: string;
  backend: FileBackend;
};

export type PutOptions = {
  name: string;
  type: string;
  /** Most bytes allowed; one more and the put fails with FileTooLargeError. */
  limit: number;
};

export interface FileStore {
  readonly backend: FileBackend;
  put(stream: Readable, options: PutOptions): Promise<StoredFile>;
  /** `undefined` for an unknown id. */
  get(id: string): Promise<{ meta: StoredFile; stream: Readable } | undefined>;
  stat(id: string): Promise<StoredFile | undefined>;
  /** Removes row and bytes; an unknown id is no error (a retried delete succeeds). */
  delete(id: string): Promise<void>;
}

/** A put passed its limit: nothing was stored, and the route answers 413. */
export class FileTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`The file is larger than the limit of ${limit} bytes.`);
    this.name = 'FileTooLargeError';
  }
}

/**
 * Counts and hashes the bytes as they pass and fails the moment the count passes `limit`,
 * before the chunk that passed it goes on: what lands in storage never exceeds the limit. An
 * async generator, so it fits `pipeline()` and a plain `for await` alike, and stopping the
 * iteration (an error on either side) destroys the source.
 */
export function byteMeter(limit: number) {
  const hash = createHash('sha256');
  let size = 0;
  async function* pass(source: AsyncIterable<Buffer | string>): AsyncGenerator<Buffer> {
    for await (const part of source) {
      const chunk = typeof part === 'string' ? Buffer.from(part) : part;
      size += chunk.length;
      if (size > limit) throw new FileTooLargeError(limit);
      hash.update(chunk);
      yield chunk;
    }
  }
  return {
    pass,
    /** Read once the iteration has ended. */
    result: () => ({ size, sha256: hash.digest('hex') }),
  };
}

/** A row names the back end that holds its bytes; another one cannot serve or delete them. */
export function wrongBackend(meta: StoredFile, backend: FileBackend): Error {
  return new Error(
    `File ${meta.id} is held by the ${meta.backend} file store, but this server uses ${backend} (FILE_STORE).`,
  );
}
