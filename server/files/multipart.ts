import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { FieldErrors } from '../../contract/errors';
import { HttpError, invalid, invalidField } from '../http/errors';
import { parseInput } from '../http/validate';
import { FileTooLargeError, type FileStore, type StoredFile } from './file-store';
import { formatBytes, largestFileLimit, type FileLimits } from './limits';

/** Text fields beside a file are short (names, notes): anything longer is a mistake or abuse. */
const FIELD_LIMITS = { fields: 50, fieldSize: 64 * 1024, fieldNameSize: 200, headerPairs: 100 };

/**
 * Lets the routes of `scope` take multipart uploads. Registered per scope by the routes that
 * upload, not app-wide, so every other route still accepts JSON only. The parser's file limit
 * is only a backstop: each upload passes its own kind's limit to `receiveUpload`.
 */
export async function registerUploads(scope: FastifyInstance, limits: FileLimits) {
  await scope.register(fastifyMultipart, {
    limits: {
      ...FIELD_LIMITS,
      fileSize: largestFileLimit(limits) + 1,
      files: limits.documentsPerRequest,
      parts: limits.documentsPerRequest + FIELD_LIMITS.fields,
    },
  });
}

export type UploadSpec<F extends z.ZodType = z.ZodType<Record<string, string>>> = {
  /** The form field that carries the file (`firmware`, `testfile`, …). */
  field: string;
  /** Most bytes allowed for this kind of file. */
  limit: number;
  /** Accepted content types: `application/pdf`, or a family as `image/*`. */
  types: readonly string[];
  /**
   * The text fields' schema (a contract's). Checked once the whole form is in (a field may come
   * after the file), together with the file's presence, so one 422 names every field to fix.
   */
  fields?: F;
};

export type Upload<T = Record<string, string>> = { file: StoredFile; fields: T };

/**
 * Streams the one file of `spec.field` into the store and returns it with the text fields
 * around it. Too large is a 413 the moment the limit passes (the store stops reading, so the
 * disk never holds more than the limit); a type not in `spec.types` is a 415 before a byte is
 * stored. Whatever fails after the file was stored removes it again.
 */
export async function receiveUpload<F extends z.ZodType = z.ZodType<Record<string, string>>>(
  request: FastifyRequest,
  store: FileStore,
  spec: UploadSpec<F>,
): Promise<Upload<z.output<F>>> {
  if (typeof request.isMultipart !== 'function') throw new Error('registerUploads() was not called for this route.');
  if (!request.isMultipart()) throw new HttpError(415, 'Send the file as multipart/form-data.');
  const fields: Record<string, string> = {};
  let file: StoredFile | undefined;
  try {
    // One more byte than the limit reaches the store, so the store is what says "too large".
    for await (const part of request.parts({ limits: { fileSize: spec.limit + 1 } })) {
      if (part.type === 'field') {
        if (Object.hasOwn(fields, part.fieldname)) throw invalidField(part.fieldname, 'This field was sent twice.');
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
        continue;
      }
      if (part.fieldname !== spec.field || file) {
        part.file.destroy();
        const again = part.fieldname === spec.field;
        throw invalidField(part.fieldname, again ? 'Send one file here.' : 'No file is expected in this field.');
      }
      const type = mediaType(part.mimetype);
      if (!typeAllowed(type, spec.types)) {
        part.file.destroy();
        const message = `Files of type ${type || 'unknown'} are not accepted here; send ${spec.types.join(', ')}.`;
        throw new HttpError(415, message, { [spec.field]: ['This type of file is not accepted here.'] });
      }
      file = await store.put(part.file, { name: cleanFileName(part.filename), type, limit: spec.limit });
    }
    return { file: fileOrFail(file, spec, fields), fields: parsedFields(spec, fields) };
  } catch (error) {
    if (file) await store.delete(file.id);
    throw uploadError(error, spec);
  }
}

/** The stored file, or a 422 naming it and (when a schema is given) every text field at fault. */
function fileOrFail(file: StoredFile | undefined, spec: UploadSpec<z.ZodType>, fields: Record<string, string>): StoredFile {
  const errors: FieldErrors = {};
  if (spec.fields) {
    try {
      parseInput(spec.fields, fields);
    } catch (error) {
      if (!(error instanceof HttpError) || !error.errors) throw error;
      Object.assign(errors, error.errors);
    }
  }
  if (!file) errors[spec.field] = ['Choose a file.'];
  if (Object.keys(errors).length) throw invalid(errors);
  return file!;
}

function parsedFields<F extends z.ZodType>(spec: UploadSpec<F>, fields: Record<string, string>): z.output<F> {
  return (spec.fields ? parseInput(spec.fields, fields) : fields) as z.output<F>;
}

/**
 * The answer for a failed upload. The body may be half read (the file was refused midway), so
 * the connection closes after the answer: kept alive, it would sit on the unread rest of, say,
 * a gigabyte (and hold up the server's shutdown) instead of freeing the client at once.
 */
function uploadError(error: unknown, spec: UploadSpec<z.ZodType>): unknown {
  const close = { connection: 'close' };
  if (error instanceof HttpError) {
    return new HttpError(error.statusCode, error.message, error.errors, { ...error.headers, ...close });
  }
  const code = (error as { code?: string } | null)?.code;
  if (error instanceof FileTooLargeError || code === 'FST_REQ_FILE_TOO_LARGE') {
    const message = `The file is larger than ${formatBytes(spec.limit)}.`;
    return new HttpError(413, message, { [spec.field]: [message] }, close);
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new HttpError(413, 'The upload has too many files or fields.', undefined, close);
  }
  return error;
}

/** `Text/Plain; charset=utf-8` → `text/plain`. */
function mediaType(mimetype: string): string {
  return mimetype.split(';')[0].trim().toLowerCase();
}

function typeAllowed(type: string, allowed: readonly string[]): boolean {
  return allowed.some((t) => t === type || (t.endsWith('/*') && type.startsWith(t.slice(0, -1))));
}

/**
 * The name to show and offer on download: no folders (some browsers send `C:\fakepath\x`), no
 * control characters (Unicode's Cc: C0, DEL, C1), a sane length. It never becomes a path: files are stored by id.
 * Browsers send a `"` in a file name as `%22` (WHATWG multipart encoding): it is put back.
 */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').replaceAll('%22', '"').split(/[/\\]/).pop() ?? '';
  const clean = base.replace(/\p{Cc}/gu, '').trim().slice(0, 255);
  return clean || 'file';
}
