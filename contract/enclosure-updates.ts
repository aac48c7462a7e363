import { z } from 'zod';
import { listQuerySchema } from './list-query';
import { optionalText, requiredText } from './text';

/**
 * Enclosure updates (SPEC §3): firmware a superadmin ships to the jigs, with a description and
 * patch notes. The file's facts are read from the file store's row, never typed by a person;
 * its sha256 identifies the build exactly (what a jig compares against what it runs).
 */
export const enclosureUpdateSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  patch_notes: z.string(),
  /** The uploaded file's name: the download is saved under it. */
  firmware_name: z.string(),
  firmware_size: z.number().int(),
  firmware_type: z.string(),
  firmware_sha256: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Who uploaded it; null once that account is gone. */
  created_by: z.object({ id: z.number().int(), username: z.string() }).nullable(),
});
export type EnclosureUpdate = z.infer<typeof enclosureUpdateSchema>;

export const ENCLOSURE_UPDATE_DESCRIPTION_MAX = 200;
export const ENCLOSURE_UPDATE_NOTES_MAX = 20_000;

const description = requiredText('Description')
  .max(ENCLOSURE_UPDATE_DESCRIPTION_MAX, `Description is at most ${ENCLOSURE_UPDATE_DESCRIPTION_MAX} characters.`);
const patchNotes = optionalText('Patch notes', { error: 'Patch notes are text.' })
  .max(ENCLOSURE_UPDATE_NOTES_MAX, `Patch notes are at most ${ENCLOSURE_UPDATE_NOTES_MAX.toLocaleString('en-US')} characters.`);

/** The text fields sent beside the `firmware` file (multipart), checked as they arrive and once the form is in. */
export const enclosureUpdateFields = z.object({ description, patch_notes: patchNotes.default('') });
export type EnclosureUpdateFields = z.output<typeof enclosureUpdateFields>;

/** The multipart form of `POST /enclosure-updates`, for the API's description. */
export const enclosureUpdateUploadForm = z.object({
  description: z.string().describe('What this firmware is, e.g. "Controller 2.4.0: faster ADC sampling".'),
  patch_notes: z.string().optional().describe('What changed, for the people who roll it out.'),
  firmware: z.file().describe('The firmware image or archive (binary, zip, gzip, tar, xz); at most 1 GB by default.'),
});

/** `PATCH /enclosure-updates/{id}`: the texts only; the file of an update never changes. */
export const enclosureUpdateUpdateInput = z.object({ description, patch_notes: patchNotes }).partial();
export type EnclosureUpdateUpdateInput = z.infer<typeof enclosureUpdateUpdateInput>;

export const ENCLOSURE_UPDATE_SORTABLE = ['id', 'description', 'firmware_name', 'firmware_size', 'created_at'] as const;
/** Searched over description, patch notes and file name; newest first unless sorted. */
export const enclosureUpdateListQuery = listQuerySchema(ENCLOSURE_UPDATE_SORTABLE);
