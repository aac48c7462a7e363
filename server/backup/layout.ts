import { copyFile, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { constants } from 'node:fs';
import path from 'node:path';

/**
 * A backup is a folder: `manifest.json`, the database (`jigboard.sqlite`, or `jigboard.dump`
 * from pg_dump) and `files/` when the folder file store holds bytes.
 */
export const MANIFEST = 'manifest.json';
export const SQLITE_COPY = 'jigboard.sqlite';
export const POSTGRES_DUMP = 'jigboard.dump';
export const FILES_COPY = 'files';
export const BACKUP_FORMAT = 1;

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  database: 'sqlite' | 'postgres';
  created_at: string;
  /** Files of the folder store copied beside the database. */
  folder_files: number;
};

export async function writeManifest(dir: string, manifest: BackupManifest): Promise<void> {
  await writeFile(path.join(dir, MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
}

export async function readManifest(dir: string): Promise<BackupManifest> {
  const text = await readFile(path.join(dir, MANIFEST), 'utf8').catch(() => {
    throw new Error(`${dir} is not a Jigboard backup (no ${MANIFEST}).`);
  });
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) throw new Error(`Unknown backup format ${String(manifest.format)} in ${dir}.`);
  return manifest;
}

/** An upload still being written (folder-store.ts renames it when complete). */
const isTemp = (name: string) => name.endsWith('.part');

/**
 * Copies the folder store's finished files, if it has a folder. A file deleted while the copy runs is skipped:
 * `missingFiles` afterwards says whether the database copy still needed it.
 */
export async function copyFilesFolder(from: string, to: string): Promise<number> {
  // No folder (PostgreSQL's store never made one): none in the backup either, so a restore leaves the target's alone.
  const names = await readdir(from).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (!names) return 0;
  await mkdir(to, { recursive: true });
  let copied = 0;
  for (const name of names) {
    if (isTemp(name)) continue;
    try {
      // A clone where the file system can, a plain copy where it cannot.
      await copyFile(path.join(from, name), path.join(to, name), constants.COPYFILE_FICLONE);
      copied += 1;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return copied;
}

export type FileRowSize = { id: string; size: number | string };

/** The folder-store rows of the database copy whose bytes are not in the files copy (or differ in size). */
export async function missingFiles(filesDir: string, rows: readonly FileRowSize[]): Promise<string[]> {
  const missing: string[] = [];
  for (const row of rows) {
    const info = await stat(path.join(filesDir, row.id)).catch(() => undefined);
    if (!info || info.size !== Number(row.size)) missing.push(row.id);
  }
  return missing;
}
