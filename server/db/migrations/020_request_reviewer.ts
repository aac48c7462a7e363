import type { Kysely } from 'kysely';

/**
 * Who reviews a project request, and since when: a superadmin starts the review by a call of its
 * own (`POST /requests/{id}/review`), no longer by opening the request, and the requests list
 * shows who it was. Requests reviewed before keep no name (nobody recorded it).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('project_requests')
    .addColumn('reviewer_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('project_requests').addColumn('review_started_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('project_requests').dropColumn('review_started_at').execute();
  await db.schema.alterTable('project_requests').dropColumn('reviewer_id').execute();
}
