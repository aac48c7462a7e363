/**
 * Each kind of upload's limit and types: the contract's (contract/files.ts), which the app
 * checks a chosen file against before sending it too.
 */
export {
  DEFAULT_FILE_LIMITS,
  FILE_TYPES,
  REFUSED_EXTENSIONS,
  formatBytes,
  type FileKind,
  type FileLimits,
} from '../../contract/files';
import type { FileLimits } from '../../contract/files';

/** The largest single file any kind allows: the multipart parser's own ceiling. */
export function largestFileLimit(limits: FileLimits): number {
  return Math.max(limits.firmware, limits.testfile, limits.document, limits.certificate, limits.repair);
}
