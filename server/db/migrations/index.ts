import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Migration } from 'kysely';

/**
 * A migration file: `NNN_<what>.ts`, three digits and the next free number. Its name without the
 * extension is the name Kysely records, so a shipped file is never renamed or edited.
 */
export const MIGRATION_FILE = /^(\d{3}_[a-z0-9_]+)\.(?:ts|js)$/;

/** Files of the folder that are not migrations: this module and tests. */
const NOT_A_MIGRATION = /^index\.(?:ts|js)$|\.test\.(?:ts|js)$|\.d\.ts$/;

/**
 * The migration files of a folder, sorted by name (which is the order they run in). Any other
 * file there is a mistake (a misspelt name would otherwise never run) and stops the server.
 */
export async function migrationFiles(folder: string): Promise<string[]> {
  const names = (await readdir(folder)).filter((name) => /\.(?:ts|js)$/.test(name) && !NOT_A_MIGRATION.test(name));
  const misnamed = names.filter((name) => !MIGRATION_FILE.test(name));
  if (misnamed.length) throw new Error(`Not a migration file name (NNN_lower_case.ts): ${misnamed.join(', ')}.`);
  return names.sort();
}

/**
 * Every migration of this folder, found on disk rather than listed by hand, so a new resource
 * adds its file and nothing else. Imported by this module (not by Kysely's
 * FileMigrationProvider), so tsx and vitest both compile the TypeScript on the way in.
 * Two files with one number, or a gap in the numbers, stop the server: two branches that each
 * took the next number must not both merge unnoticed.
 */
export async function loadMigrations(folder: string = import.meta.dirname): Promise<Record<string, Migration>> {
  const files = await migrationFiles(folder);
  const numbers = files.map((file) => Number(file.slice(0, 3)));
  numbers.forEach((n, i) => {
    if (n !== i + 1) throw new Error(`Migrations must be numbered 001, 002, … without gaps or repeats; found ${files.join(', ')}.`);
  });
  const migrations: Record<string, Migration> = {};
  for (const file of files) {
    const module = (await import(pathToFileURL(path.join(folder, file)).href)) as Partial<Migration>;
    if (typeof module.up !== 'function') throw new Error(`Migration ${file} exports no up().`);
    migrations[MIGRATION_FILE.exec(file)![1]] = { up: module.up, ...(module.down && { down: module.down }) };
  }
  return migrations;
}
