/** What the routes upload, each with its own size limit (API.md "Files"). */
export type FileKind = 'firmware' | 'testfile' | 'document' | 'certificate';

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
};

/** The largest single file any kind allows: the multipart parser's own ceiling. */
export function largestFileLimit(limits: FileLimits): number {
  return Math.max(limits.firmware, limits.testfile, limits.document, limits.certificate);
}

/** "200 MB", "1 GB": for messages (binary units, as the limits are). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * MiB) return `${+(bytes / (1024 * MiB)).toFixed(1)} GB`;
  if (bytes >= MiB) return `${+(bytes / MiB).toFixed(1)} MB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} bytes`;
}
