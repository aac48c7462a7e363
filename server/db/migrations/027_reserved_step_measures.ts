import type { Kysely } from 'kysely';

/**
 * Holds number 027 for the step measures' migration, written on another branch, so the numbers
 * stay without a gap on this one. Deleted when that branch's 027_step_measures.ts arrives.
 */
export async function up(_db: Kysely<any>): Promise<void> {}
