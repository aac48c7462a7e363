/**
 * What the model tests walked, written when a machine's model suite ends and read by
 * `npm run paths`. One file per machine under coverage/paths/raw/ (git-ignored), replaced on
 * every run, so a report never counts a walk of an older machine unnoticed (the script compares
 * the recording's time with the machine file's). No vitest here: tests/model/paths/report.ts imports it.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The repository: the nearest folder up from here with a package.json (vitest and npm run from it). */
function findRoot(dir: string): string {
  return existsSync(path.join(dir, 'package.json')) || path.dirname(dir) === dir ? dir : findRoot(path.dirname(dir));
}
// `import.meta.url` is not a file URL under vitest's jsdom environment: start from the working folder.
export const ROOT = findRoot(process.cwd());
export const RAW_DIR = path.join(ROOT, 'coverage', 'paths', 'raw');

export type Recording = {
  machine: string;
  /** The test file that walked. */
  suite: string;
  recordedAt: string;
  /** Paths run to their end, and steps taken (including those of paths that failed). */
  paths: number;
  steps: number;
  states: string[];
  transitions: string[];
};

export const recordingFile = (machineId: string) => path.join(RAW_DIR, `${machineId}.json`);

export function writeRecording(recording: Recording): void {
  mkdirSync(RAW_DIR, { recursive: true });
  writeFileSync(recordingFile(recording.machine), `${JSON.stringify(recording, null, 2)}\n`);
}

export function readRecording(machineId: string): Recording | null {
  try {
    return JSON.parse(readFileSync(recordingFile(machineId), 'utf8')) as Recording;
  } catch {
    return null;
  }
}
