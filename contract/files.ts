/**
 * What each kind of upload accepts, shared by the server (which decides) and the app (which
 * refuses a file on the spot, before sending it, where these defaults are the server's; a server
 * configured with other limits still decides by its own).
 */

/** What the routes upload, each with its own size limit (API.md "Files"). */
export type FileKind = 'firmware' | 'testfile' | 'document' | 'certificate' | 'repair';

export type FileLimits = Record<FileKind, number> & {
  /** Request documents attached to one project request. */
  documentsPerRequest: number;
};

const MiB = 1024 * 1024;

/** Binary units, so a file its maker calls "1 GB" (10^9 bytes) fits under 1 GiB. */
export const DEFAULT_FILE_LIMITS: FileLimits = {
  firmware: 1024 * MiB,
  testfile: 1024 * MiB,
  document: 200 * MiB,
  certificate: 20 * MiB,
  /** A repair's photo or document (contract/repairs.ts). */
  repair: 20 * MiB,
  documentsPerRequest: 20,
};

/**
 * The content types each kind accepts (a family as `image/*`); anything else is a 415. Browsers
 * send `application/octet-stream` for a file type they do not know (`.bin`, `.hex`, `.img`),
 * and the archive types vary by system (`application/x-zip-compressed` on Windows).
 */
export const FILE_TYPES: Record<FileKind, readonly string[]> = {
  firmware: [
    'application/octet-stream',
    'application/x-binary',
    'application/macbinary',
    'application/x-elf',
    'application/x-executable',
    'application/zip',
    'application/x-zip-compressed',
    'application/gzip',
    'application/x-gzip',
    'application/x-tar',
    'application/x-xz',
    'application/x-bzip2',
    'application/x-7z-compressed',
  ],
  testfile: ['application/octet-stream', 'application/zip', 'application/x-zip-compressed', 'application/json', 'text/*'],
  // A request's documents: schematics (PDF, images), Gerber and drill files (text, zipped, or
  // of no known type), test-point and BOM tables (CSV, which Windows names an Excel type; XLSX).
  document: [
    'application/pdf',
    'image/*',
    'text/*',
    'application/zip',
    'application/x-zip-compressed',
    'application/octet-stream',
    'application/vnd.gerber',
    'application/x-gerber',
    'application/vnd.ms-excel',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ],
  certificate: ['application/pdf', 'image/*'],
  // What a technician has at the bench: a phone's photo of the board, a PDF or a text note.
  repair: ['image/*', 'application/pdf', 'text/*'],
};

/**
 * Programs and scripts, which a browser sends as `application/octet-stream` when it knows no
 * better: the type documents take for Gerber and drill files. A document or certificate with
 * such a name is refused by its name; firmware and test files may well be programs.
 */
const PROGRAMS = ['exe', 'dll', 'msi', 'com', 'scr', 'bat', 'cmd', 'ps1', 'vbs', 'jar', 'apk', 'app', 'dmg', 'sh', 'elf'];
export const REFUSED_EXTENSIONS: Record<FileKind, readonly string[]> = { firmware: [], testfile: [], document: PROGRAMS, certificate: PROGRAMS, repair: PROGRAMS };

/** What a person reads about each kind's files, in a field's hint and a refusal. */
export const FILE_KIND_WORDS: Record<FileKind, string> = {
  firmware: 'a binary image or an archive (bin, hex, elf, zip, gzip, tar, xz)',
  testfile: 'a script, a table or an archive (text, JSON, zip)',
  document: 'PDF, images, text, CSV, spreadsheets, Gerber or drill files, or zip archives',
  certificate: 'a PDF or an image',
  repair: 'a photo, a PDF or a text file',
};

/** `Text/Plain; charset=utf-8` → `text/plain`. */
export function mediaType(mimetype: string): string {
  return mimetype.split(';')[0].trim().toLowerCase();
}

export function typeAllowed(type: string, allowed: readonly string[]): boolean {
  return allowed.some((t) => t === type || (t.endsWith('/*') && type.startsWith(t.slice(0, -1))));
}

/** The extension of `name` that `refused` lists (`exe`), if any. */
export function refusedExtension(name: string, refused: readonly string[]): string | undefined {
  const extension = /\.([^.]+)$/.exec(name.trim())?.[1]?.toLowerCase();
  return extension !== undefined && refused.includes(extension) ? extension : undefined;
}

/** "200 MB", "1 GB": for messages (binary units, as the limits are). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * MiB) return `${+(bytes / (1024 * MiB)).toFixed(1)} GB`;
  if (bytes >= MiB) return `${+(bytes / MiB).toFixed(1)} MB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} bytes`;
}

/**
 * Why a chosen file cannot be sent as this kind, in the words the server's refusal puts on the
 * file, or undefined when it can: the app's check before sending (the field's hint says what to
 * send instead). A type the browser leaves empty is left to the server (it names none to judge).
 */
export function fileRefusal(kind: FileKind, file: { name: string; type: string; size: number }, limit = DEFAULT_FILE_LIMITS[kind]): string | undefined {
  if (file.size > limit) return `The file is larger than ${formatBytes(limit)}.`;
  const type = mediaType(file.type);
  const program = refusedExtension(file.name, REFUSED_EXTENSIONS[kind]);
  if (program || (type && !typeAllowed(type, FILE_TYPES[kind]))) return 'This type of file is not accepted here.';
  return undefined;
}
