import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FieldErrors } from '../../contract/errors';
import { HttpError, invalid, invalidField } from '../http/errors';
import { parseInput } from '../http/validate';
import { FileTooLargeError, type FileStore, type StoredFile } from './file-store';
import { mediaType, refusedExtension, typeAllowed } from '../../contract/files';
import { formatBytes, largestFileLimit, type FileLimits } from './limits';

/** Text fields beside a file are short (names, notes): anything longer is a mistake or abuse. */
const FIELD_LIMITS = { fields: 50, fieldSize: 64 * 1024, fieldNameSize: 200, headerPairs: 100 };

/**
 * Lets the routes of `scope` take multipart uploads. Registered per scope by the routes that
 * upload, not app-wide, so every other route still accepts JSON only. The parser's file limit
 * and counts are only a backstop: each upload passes its own kind's limits to `receiveUpload(s)`.
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
  /** Most bytes allowed for this kind of file (for each file, when several). */
  limit: number;
  /** Accepted content types: `application/pdf`, or a family as `image/*`. */
  types: readonly string[];
  /** Extensions refused whatever the type (programs among documents: REFUSED_EXTENSIONS). */
  refusedExtensions?: readonly string[];
  /**
   * The text fields' schema (a contract's). Each field is checked as it arrives: one found
   * wrong before a file stops the upload before that file is stored. Once the whole form is in
   * (a field may come after the files), all of it is checked together with the files' presence,
   * so one 422 names every field to fix.
   */
  fields?: F;
};

export type UploadsSpec<F extends z.ZodType = z.ZodType<Record<string, string>>> = UploadSpec<F> & {
  /** Most files in one request; one more is a 413 naming the field. */
  maxFiles: number;
  /** Fewest files (1 unless said; 0 makes the files optional). */
  minFiles?: number;
  /** Most bytes of all the files together, when the kind has such a limit. */
  totalLimit?: number;
};

export type Upload<T = Record<string, string>> = { file: StoredFile; fields: T };
export type Uploads<T = Record<string, string>> = { files: StoredFile[]; fields: T };

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
  const { files, fields } = await receive(request, store, { ...spec, maxFiles: 1, minFiles: 1, many: false });
  return { file: files[0], fields };
}

/**
 * `receiveUpload` for a file the form may leave out (a calibration's certificate): the same checks
 * on a file that is sent, and `file` undefined when none is.
 */
export async function receiveOptionalUpload<F extends z.ZodType = z.ZodType<Record<string, string>>>(
  request: FastifyRequest,
  store: FileStore,
  spec: UploadSpec<F>,
): Promise<{ file: StoredFile | undefined; fields: z.output<F> }> {
  const { files, fields } = await receive(request, store, { ...spec, maxFiles: 1, minFiles: 0, many: false });
  return { file: files[0], fields };
}

/**
 * Several files in one field, as `documents[0]`, `documents[1]`, … (or `documents` repeated),
 * with text fields beside them: each file streamed into the store with its own limit and type
 * check, as `receiveUpload` does for one. A refusal names the file it concerns, in the message
 * (“manual.pdf” is larger than 200 MB.) and in `errors` under the part's name (`documents[1]`),
 * so the app puts it on that file. More than `maxFiles` is a 413. Any refusal, or a request that
 * ends early, removes every file already stored. The files come back in the order sent.
 */
export async function receiveUploads<F extends z.ZodType = z.ZodType<Record<string, string>>>(
  request: FastifyRequest,
  store: FileStore,
  spec: UploadsSpec<F>,
): Promise<Uploads<z.output<F>>> {
  return receive(request, store, { ...spec, minFiles: spec.minFiles ?? 1, many: true });
}

type CoreSpec<F extends z.ZodType> = UploadsSpec<F> & { minFiles: number; many: boolean };

/**
 * Most bytes a form of this spec can take besides its files: every text field at its largest,
 * and the part headers and boundaries around them and the files.
 */
const FORM_OVERHEAD = FIELD_LIMITS.fields * (FIELD_LIMITS.fieldSize + 1024) + 1024 * 1024;

/**
 * A declared Content-Length that no form of this spec can reach is a 413 before a byte of the
 * body is read: the client hears at once, rather than after sending the limit's worth.
 */
function refuseDeclaredTooLarge(request: FastifyRequest, spec: CoreSpec<z.ZodType>) {
  const declared = Number(request.headers['content-length']);
  const files = spec.totalLimit ?? spec.limit * spec.maxFiles;
  if (!Number.isFinite(declared) || declared <= files + FORM_OVERHEAD) return;
  const message = spec.many ? `The files together are larger than ${formatBytes(files)}.` : `The file is larger than ${formatBytes(spec.limit)}.`;
  throw new HttpError(413, message, { [spec.field]: [message] }, { connection: 'close' });
}

/** The one loop behind both: one file is the case `maxFiles: 1` with the field's bare name. */
async function receive<F extends z.ZodType>(
  request: FastifyRequest,
  store: FileStore,
  spec: CoreSpec<F>,
): Promise<Uploads<z.output<F>>> {
  if (typeof request.isMultipart !== 'function') throw new Error('registerUploads() was not called for this route.');
  if (!request.isMultipart()) throw new HttpError(415, `Send the ${spec.many ? 'files' : 'file'} as multipart/form-data.`);
  if (!hasValidBoundary(request.headers['content-type'])) throw new HttpError(400, NO_BOUNDARY, undefined, { connection: 'close' });
  refuseDeclaredTooLarge(request, spec);
  const fields: Record<string, string> = {};
  /** Errors of the text fields in so far: while there are any, no file is stored. */
  const early: FieldErrors = {};
  const stored: StoredFile[] = [];
  const keys = new Set<string>();
  let total = 0;
  // Per request: one more byte than the limit reaches the store, so the store is what says "too
  // large"; one file more than allowed reaches this loop, so the refusal says how many.
  const limits = { fileSize: spec.limit + 1, files: spec.maxFiles + 1, parts: spec.maxFiles + 1 + FIELD_LIMITS.fields };
  try {
    for await (const part of request.parts({ limits })) {
      if (part.type === 'field') {
        if (Object.hasOwn(fields, part.fieldname)) throw invalidField(part.fieldname, 'This field was sent twice.');
        const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
        fields[part.fieldname] = value;
        Object.assign(early, fieldErrorsOf(spec.fields, part.fieldname, value));
        continue;
      }
      const refuse = (error: HttpError): HttpError => {
        part.file.destroy(); // unread: the parser stops, and the rest of the body is never read
        return error;
      };
      const key = fileKey(part.fieldname, spec, stored.length);
      if (key === undefined) throw refuse(invalidField(part.fieldname, 'No file is expected in this field.'));
      if (stored.length >= spec.maxFiles) {
        throw refuse(spec.many ? tooManyFiles(spec) : invalidField(spec.field, 'Send one file here.'));
      }
      if (keys.has(key)) throw refuse(invalidField(key, 'This file was sent twice.'));
      keys.add(key);
      if (Object.keys(early).length) throw refuse(invalid(early));
      const name = cleanFileName(part.filename);
      const type = mediaType(part.mimetype);
      const program = refusedExtension(name, spec.refusedExtensions ?? []);
      if (program || !typeAllowed(type, spec.types)) throw refuse(wrongType(spec, key, name, program ? `.${program}` : type || 'unknown'));
      const room = spec.totalLimit === undefined ? spec.limit : Math.min(spec.limit, spec.totalLimit - total);
      try {
        stored.push(await store.put(part.file, { name, type, limit: room }));
      } catch (error) {
        throw error instanceof FileTooLargeError ? tooLarge(spec, key, name, room < spec.limit) : error;
      }
      total += stored[stored.length - 1].size;
    }
    return { files: filesOrFail(stored, spec, fields), fields: parsedFields(spec, fields) };
  } catch (error) {
    await discard(request, store, stored);
    throw uploadError(error, spec);
  }
}

/**
 * The key a file part is known by in `errors`, or undefined when it is not one of the spec's:
 * `firmware` for one file; for several, the part's own name when indexed (`documents[3]`), else
 * its place among the files (`documents` repeated).
 */
function fileKey(name: string, spec: CoreSpec<z.ZodType>, position: number): string | undefined {
  if (!spec.many) return name === spec.field ? name : undefined;
  if (name === spec.field) return `${spec.field}[${position}]`;
  const index = /^(.*)\[(0|[1-9]\d{0,5})\]$/.exec(name);
  return index && index[1] === spec.field ? name : undefined;
}

/**
 * A text field checked alone the moment it arrives, when the schema is an object that has it:
 * the same messages as the full check at the end, which still runs (a field may be missing).
 */
function fieldErrorsOf(schema: z.ZodType | undefined, name: string, value: string): FieldErrors | undefined {
  if (!(schema instanceof z.ZodObject) || !Object.hasOwn(schema.shape, name)) return undefined;
  try {
    parseInput(z.object({ [name]: (schema.shape as Record<string, z.ZodType>)[name] }), { [name]: value });
    return undefined;
  } catch (error) {
    if (error instanceof HttpError && error.errors) return error.errors;
    throw error;
  }
}

function tooLarge(spec: CoreSpec<z.ZodType>, key: string, name: string, together: boolean): HttpError {
  if (together) {
    const limit = formatBytes(spec.totalLimit!);
    return new HttpError(413, `The files together are larger than ${limit}, counting “${name}”.`, {
      [key]: [`The files together are larger than ${limit}.`],
    });
  }
  // Among several files the message names the one; alone, its field says which.
  const message = `The file is larger than ${formatBytes(spec.limit)}.`;
  return new HttpError(413, spec.many ? `“${name}” is larger than ${formatBytes(spec.limit)}.` : message, { [key]: [message] });
}

/** `type` is the part's content type, or the refused extension (`.exe`) when the name was refused. */
function wrongType(spec: CoreSpec<z.ZodType>, key: string, name: string, type: string): HttpError {
  const send = `send ${spec.types.join(', ')}.`;
  const message = spec.many
    ? `“${name}” is of type ${type}, which is not accepted here; ${send}`
    : `Files of type ${type} are not accepted here; ${send}`;
  return new HttpError(415, message, { [key]: ['This type of file is not accepted here.'] });
}

function tooManyFiles(spec: CoreSpec<z.ZodType>): HttpError {
  const message = `Send at most ${spec.maxFiles} ${spec.maxFiles === 1 ? 'file' : 'files'} at once.`;
  return new HttpError(413, message, { [spec.field]: [message] });
}

/** The stored files, or a 422 naming the missing files and (with a schema) every text field at fault. */
function filesOrFail(files: StoredFile[], spec: CoreSpec<z.ZodType>, fields: Record<string, string>): StoredFile[] {
  const errors: FieldErrors = {};
  if (spec.fields) {
    try {
      parseInput(spec.fields, fields);
    } catch (error) {
      if (!(error instanceof HttpError) || !error.errors) throw error;
      Object.assign(errors, error.errors);
    }
  }
  if (files.length < spec.minFiles) {
    errors[spec.field] = [spec.minFiles === 1 ? (spec.many ? 'Choose at least one file.' : 'Choose a file.') : `Choose at least ${spec.minFiles} files.`];
  }
  if (Object.keys(errors).length) throw invalid(errors);
  return files;
}

function parsedFields<F extends z.ZodType>(spec: UploadSpec<F>, fields: Record<string, string>): z.output<F> {
  return (spec.fields ? parseInput(spec.fields, fields) : fields) as z.output<F>;
}

/** Removes what a refused or broken upload had stored; a file that will not go is logged. */
async function discard(request: FastifyRequest, store: FileStore, stored: StoredFile[]): Promise<void> {
  const results = await Promise.allSettled(stored.map((file) => store.delete(file.id)));
  results.forEach((result, n) => {
    if (result.status === 'rejected') request.log.error({ err: result.reason, fileId: stored[n].id }, 'a refused upload left a file behind');
  });
}

/**
 * The answer for a failed upload. The body may be half read (a file was refused midway), so
 * the connection closes after the answer: kept alive, it would sit on the unread rest of, say,
 * a gigabyte (and hold up the server's shutdown) instead of freeing the client at once.
 */
function uploadError(error: unknown, spec: CoreSpec<z.ZodType>): unknown {
  const close = { connection: 'close' };
  if (error instanceof HttpError) {
    return new HttpError(error.statusCode, error.message, error.errors, { ...error.headers, ...close });
  }
  const code = (error as { code?: string } | null)?.code;
  if (error instanceof FileTooLargeError || code === 'FST_REQ_FILE_TOO_LARGE') {
    // A backstop: the store's own limit (one byte below the parser's) answers first, by name.
    const message = `The file is larger than ${formatBytes(spec.limit)}.`;
    return new HttpError(413, message, { [spec.field]: [message] }, close);
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new HttpError(413, 'The upload has too many files or fields.', undefined, close);
  }
  if (isMalformedForm(error)) return new HttpError(400, MALFORMED_FORM, undefined, close);
  return error;
}

const NO_BOUNDARY = 'The upload’s Content-Type names no valid multipart boundary (1 to 70 characters, RFC 2046).';
const MALFORMED_FORM = 'The upload is not a complete multipart form: it ends before its closing boundary, or its lines do not end in CRLF.';

/**
 * The boundary parameter of a `multipart/form-data` type: RFC 2046 allows 1 to 70 of its
 * characters. Checked before the parser starts, which otherwise throws a plain error (a 5xx)
 * for a missing, empty or overlong one.
 */
function hasValidBoundary(contentType: string | undefined): boolean {
  const match = /;\s*boundary=(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '');
  const boundary = match?.[1] ?? match?.[2];
  return boundary !== undefined && /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/.test(boundary);
}

/**
 * The parser's (busboy's) errors for a body that is not the form its headers promise: cut short,
 * or with LF line ends, so no boundary line is ever found. They carry no code, only these words,
 * whether raised by the parser or by a file's stream in the middle of being stored.
 */
function isMalformedForm(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return /unexpected end of multipart data$|^Multipart: Boundary not found$/i.test(message);
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
