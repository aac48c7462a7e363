import type { ApiFailure } from '../../api/client';

/**
 * What the upload field shows per file, and the two things it works out: how far each file of
 * one multipart request has got, and which file a refusal concerns. Pure, so tested alone.
 */

export type UploadStatus = 'ready' | 'uploading' | 'done' | 'failed' | 'cancelled';

export type UploadItem = {
  key: string;
  file: File;
  /** Bytes of this file sent so far. */
  sent: number;
  status: UploadStatus;
  /** The refusal that concerns this file ("The file is larger than 1 GB."). */
  error?: string;
  /** Refused by the app before sending (its kind's type or size): it is never sent. */
  refused?: boolean;
};

let counter = 0;
/** A chosen file, refused at once when `refusal` says why it cannot be sent. */
export const newItem = (file: File, refusal?: string): UploadItem => ({
  key: `upload-${++counter}`,
  file,
  sent: 0,
  ...(refusal ? { status: 'failed', error: refusal, refused: true } : { status: 'ready' }),
});

/**
 * Bytes sent of each file, from the progress of the whole request. The form's text and part
 * headers are a small share of the body, so `loaded` is scaled to file bytes, which the files
 * then fill in form order: each bar moves only while its own file is on the wire, and all are
 * full exactly when the request is.
 */
export function sentPerFile(sizes: readonly number[], loaded: number, total: number): number[] {
  const fileBytes = sizes.reduce((a, b) => a + b, 0);
  let left = total > 0 ? Math.min(fileBytes, Math.floor((loaded / total) * fileBytes)) : 0;
  return sizes.map((size) => {
    const sent = Math.min(size, left);
    left -= sent;
    return sent;
  });
}

/**
 * The message for each of `count` files sent in `field` (in order), what concerns the field as a
 * whole, and the errors that concern none of them, for the rest of the form. A file is named by
 * its field (`firmware`) or, among several, by its index (`documents[2]`, `documents.2`). The
 * bare field among several (`documents`: "Send at most 20 files at once.") or with no file
 * chosen ("Choose a file.") is said once, on the field. A 413 or 415 that names nothing concerns
 * the whole upload, as does a failure without an answer (the connection dropped mid-upload).
 */
export function refusalsFor(
  failure: ApiFailure,
  field: string,
  count: number,
  multiple = false,
): { perFile: (string | undefined)[]; onField?: string[]; rest: ApiFailure | null } {
  const perFile: (string | undefined)[] = Array.from({ length: count }, () => undefined);
  const otherFields: ApiFailure['fieldErrors'] = {};
  let onField: string[] | undefined;
  for (const [key, messages] of Object.entries(failure.fieldErrors)) {
    const index = indexIn(key, field);
    if (index === undefined) otherFields[key] = messages;
    else if (index === 'all' && (multiple || count === 0)) onField = messages;
    else if (index === 'all') perFile.fill(messages[0]);
    else if (index < count) perFile[index] = messages[0];
  }
  const fileTouched = perFile.some(Boolean) || onField !== undefined;
  const wholeUpload = !fileTouched && count > 0 && (failure.status === 413 || failure.status === 415 || failure.status === 0);
  if (wholeUpload) perFile.fill(failure.message);
  const restHasFields = Object.keys(otherFields).length > 0;
  const rest = restHasFields
    ? { ...failure, fieldErrors: otherFields }
    : fileTouched || wholeUpload
      ? null
      : failure;
  return { perFile, onField, rest };
}

function indexIn(key: string, field: string): number | 'all' | undefined {
  if (key === field) return 'all';
  const match = /^(.+?)(?:\.(\d+)|\[(\d+)\])$/.exec(key);
  if (!match || match[1] !== field) return undefined;
  return Number(match[2] ?? match[3]);
}

/** "1.5 MB": binary units, as the server's limits are. */
export function formatSize(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${bytes} bytes` : `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}
