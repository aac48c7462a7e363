import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { FileStore } from '../files/file-store';
import { insertEnclosureUpdate } from '../store/enclosure-updates';
import { newestFirmwareVersions } from '../store/readiness';
import { createRandom } from './random';

/** Two controller releases, the newer one what the jigs would fetch. Small files: a demo. */
const RELEASES = [
  {
    name: 'jb-controller-2.3.1.bin',
    size: 96 * 1024,
    daysAgo: 41,
    description: 'Controller 2.3.1',
    patch_notes: 'Fixes the watchdog reset after a long idle.\nReports carry the fixture temperature.',
  },
  {
    name: 'jb-controller-2.4.0.bin',
    size: 128 * 1024,
    daysAgo: 6,
    description: 'Controller 2.4.0',
    patch_notes: 'Faster ADC sampling (4 kS/s per channel).\nCAN-FD on cassette slot 2.\nRetries a report upload after a dropped connection.',
  },
];

/**
 * The demo's enclosure updates, each with its firmware in the file store. The bytes come from a
 * seeded random source, so every demo holds the same files (and the same sha256).
 */
export async function seedDemoFirmware(db: Kysely<DB>, files: FileStore, uploader: number | null): Promise<number> {
  const random = createRandom(2409);
  for (const release of RELEASES) {
    const bytes = Buffer.alloc(release.size);
    for (let i = 0; i < bytes.length; i++) bytes[i] = random.int(0, 255);
    const file = await files.put(Readable.from([bytes]), { name: release.name, type: 'application/octet-stream', limit: bytes.length });
    const at = new Date(Date.now() - release.daysAgo * 86_400_000).toISOString();
    await insertEnclosureUpdate(
      db,
      { description: release.description, patch_notes: release.patch_notes, file_id: file.id, created_by: uploader },
      at,
    );
  }
  return RELEASES.length;
}

/**
 * The demo line jigs run what they would have fetched: the newest release (its file's sha256,
 * the version readiness compares), so they read ready; the rework bench still runs the release
 * before, so the demo shows one jig not ready for a reason a person can see and fix.
 */
export async function updateDemoJigFirmware(db: Kysely<DB>, upToDate: readonly string[], behind: readonly string[]): Promise<void> {
  const [newest, before] = await newestFirmwareVersions(db, 2);
  if (newest && upToDate.length) await db.updateTable('enclosures').set({ firmware_version: newest }).where('serial', 'in', [...upToDate]).execute();
  if (before && behind.length) await db.updateTable('enclosures').set({ firmware_version: before }).where('serial', 'in', [...behind]).execute();
}
