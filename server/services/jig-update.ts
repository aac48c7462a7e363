import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { notFound } from '../http/errors';
import { findNewestEnclosureUpdate } from '../store/enclosure-updates';
import { recordJigUpdateCheck } from '../store/enclosures';

/**
 * `GET /jig/update`: the newest enclosure update for a provisioned jig. Its version is the
 * sha256 of its firmware file (an update has no version field; the hash names the build exactly),
 * answered as the ETag and `x-firmware-version`. A jig that sends that version back
 * (`If-None-Match`) runs it already: 304 without the bytes. Either way the jig records that
 * version as its firmware and is seen now; so is a jig told there is no update yet (404).
 */
export async function jigUpdate(
  db: Kysely<DB>,
  jigId: number,
  ifNoneMatch: string | undefined,
): Promise<{ current: boolean; version: string; fileId: string }> {
  const update = await findNewestEnclosureUpdate(db);
  if (!update) {
    await recordJigUpdateCheck(db, jigId, null);
    throw notFound('There is no enclosure update yet.');
  }
  const version = update.firmware_sha256;
  const current = runsVersion(ifNoneMatch, version);
  await recordJigUpdateCheck(db, jigId, version);
  return { current, version, fileId: update.file_id };
}

/** `If-None-Match: "<sha256>"` (or several, or `*`, or the bare hash a small jig may send). */
function runsVersion(header: string | undefined, version: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, '').replace(/^"|"$/g, '').toLowerCase())
    .some((tag) => tag === '*' || tag === version);
}
