import type { FieldErrors } from '../../contract/errors';
import { uniqueViolationTarget } from '../db/dialect';
import { invalid } from '../http/errors';

/**
 * Runs a write and turns a unique-index collision into the 422 the pre-check would have given.
 * The pre-check answers the common case with every field at once; this covers two requests
 * racing for the same name. `fields` maps a word in the index name to the field and message.
 */
export async function withUniqueFields<T>(
  write: () => Promise<T>,
  fields: Record<string, [field: string, message: string]>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const target = uniqueViolationTarget(error);
    if (target === null) throw error;
    const hit = Object.entries(fields).find(([word]) => target.includes(word));
    if (!hit) throw error;
    const [field, message] = hit[1];
    throw invalid({ [field]: [message] } satisfies FieldErrors);
  }
}
