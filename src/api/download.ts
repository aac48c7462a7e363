import axios from 'axios';
import { api } from './client';

/**
 * Downloads (SPEC §7: "GET of any given path, also as a blob for downloads"): one GET through
 * the app's axios (so the login header goes along), its body as a Blob, saved by the browser
 * under the name the server gives in `Content-Disposition`.
 */

export type DownloadOptions = {
  params?: Record<string, unknown>;
  /** The name to save under when the server names none. */
  fallbackName: string;
  /** Large files and long exports take a while; the app's default 30 s is for JSON calls. */
  timeout?: number;
  signal?: AbortSignal;
};

/** GETs `path` (under /v1) as a blob and saves it; resolves with the name it was saved under. */
export async function downloadFile(path: string, { params, fallbackName, timeout = 0, signal }: DownloadOptions): Promise<string> {
  const response = await api.get<Blob>(path, { params, responseType: 'blob', timeout, signal }).catch(readBlobError);
  const disposition = response.headers['content-disposition'] as string | undefined;
  const filename = filenameFromDisposition(disposition, fallbackName);
  saveBlob(response.data, filename);
  return filename;
}

/**
 * The file name a download should get, from `Content-Disposition`: the RFC 5987 `filename*`
 * (UTF-8, percent-encoded) wins over the plain `filename`; only the last path part is kept.
 */
export function filenameFromDisposition(header: string | null | undefined, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)?'[^']*'([^;]+)/i.exec(header);
  let name: string | null = null;
  if (extended) {
    try {
      name = decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      name = null;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/i.exec(header);
    if (plain) name = plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain[1].trim();
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : fallback;
}

/** An error answer of a blob request is a Blob too: read its JSON so the message shows. */
export async function readBlobError(error: unknown): Promise<never> {
  if (axios.isAxiosError(error) && error.response?.data instanceof Blob) {
    try {
      error.response.data = JSON.parse(await error.response.data.text());
    } catch {
      error.response.data = {};
    }
  }
  throw error;
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked after the click has been handled; Firefox needs the URL a moment longer.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
