import type { Kysely } from 'kysely';
import { addIdColumn } from '../dialect';

/**
 * Limit proposals (contract/limit-what-if.ts): new limits an engineer tried against history and
 * published as a new draft version. The reason, the changes (old and new limits per step) and
 * what the replay said are kept beside the draft, so whoever activates it sees why. The profiles
 * may go (a draft deleted, a project removed): the proposal keeps its words, the links go null.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('limit_proposals'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('from_profile_id', 'integer', (col) => col.references('test_profiles.id').onDelete('set null'))
    .addColumn('draft_profile_id', 'integer', (col) => col.references('test_profiles.id').onDelete('set null'))
    .addColumn('reason', 'text', (col) => col.notNull())
    /** JSON: [{ step, unit, old: { low, high }, new: { low, high } }]. */
    .addColumn('changes', 'text', (col) => col.notNull())
    /** JSON: contract whatIfSummarySchema, as the replay answered when published. */
    .addColumn('summary', 'text', (col) => col.notNull())
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  // The draft's screen reads the proposal that made it.
  await db.schema.createIndex('limit_proposals_draft').on('limit_proposals').column('draft_profile_id').execute();
  await db.schema.createIndex('limit_proposals_from').on('limit_proposals').column('from_profile_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('limit_proposals').execute();
}
