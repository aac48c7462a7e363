import { sql, type Kysely } from 'kysely';
import { addIdColumn } from '../dialect';

/**
 * Alerts (contract/alerts.ts):
 * - alert_rules: a project's rules (kind, params as JSON text, enabled, email);
 * - alerts: each occurrence of a rule's breach on one subject, open (cleared_at null) until the
 *   breach ends. The unique partial index on (rule_id, subject) of the open ones is what makes
 *   an occurrence fire once: a second evaluator's insert of the same open occurrence is refused
 *   by the database itself, whatever the locks did;
 * - notifications: one per person an occurrence told, read or not.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('alert_rules'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('params', 'text', (col) => col.notNull())
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('email', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('alert_rules_project').on('alert_rules').columns(['project_id', 'id']).execute();

  await addIdColumn(db, db.schema.createTable('alerts'))
    .addColumn('rule_id', 'integer', (col) => col.notNull().references('alert_rules.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('detail', 'text', (col) => col.notNull())
    .addColumn('link', 'text', (col) => col.notNull())
    .addColumn('fired_at', 'text', (col) => col.notNull())
    .addColumn('cleared_at', 'text')
    .execute();
  // One open occurrence per rule and subject: also the evaluator's read of a rule's open ones.
  await db.schema
    .createIndex('alerts_open_subject')
    .on('alerts')
    .columns(['rule_id', 'subject'])
    .unique()
    .where(sql.ref('cleared_at'), 'is', null)
    .execute();
  await db.schema.createIndex('alerts_rule').on('alerts').columns(['rule_id', 'id']).execute();
  // A project's recent occurrences, newest first.
  await db.schema.createIndex('alerts_project').on('alerts').columns(['project_id', 'fired_at', 'id']).execute();

  await addIdColumn(db, db.schema.createTable('notifications'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('alert_id', 'integer', (col) => col.notNull().references('alerts.id').onDelete('cascade'))
    .addColumn('read_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('notifications_user_alert', ['user_id', 'alert_id'])
    .execute();
  await db.schema.createIndex('notifications_user').on('notifications').columns(['user_id', 'id']).execute();
  // The bell's count: a person's unread ones only, so reading them shrinks the index.
  await db.schema
    .createIndex('notifications_unread')
    .on('notifications')
    .columns(['user_id', 'id'])
    .where(sql.ref('read_at'), 'is', null)
    .execute();
  await db.schema.createIndex('notifications_alert').on('notifications').column('alert_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notifications').execute();
  await db.schema.dropTable('alerts').execute();
  await db.schema.dropTable('alert_rules').execute();
}
