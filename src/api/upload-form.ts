import type { AxiosProgressEvent } from 'axios';

/** What an upload's request takes beside its body: a way to cancel it and its progress. */
export type UploadConfig = { signal: AbortSignal; onUploadProgress: (event: AxiosProgressEvent) => void };

/**
 * The body of an upload (API.md "Files"): the text fields first, so the server checks them
 * before a byte of any file is stored (a wrong field answers 422 at once), then the files. One
 * `File` goes under its field's name (`firmware`); a list goes as `documents[0]`,
 * `documents[1]`, … in order, the names a refusal uses to say which file it concerns
 * (`refusalsFor` in the upload field). Undefined and null fields are left out.
 */
export function uploadForm(
  fields: Record<string, string | number | boolean | null | undefined>,
  files: Record<string, File | readonly File[]>,
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) form.append(name, String(value));
  }
  for (const [name, value] of Object.entries(files)) {
    if (value instanceof File) form.append(name, value, value.name);
    else value.forEach((file, n) => form.append(`${name}[${n}]`, file, file.name));
  }
  return form;
}
