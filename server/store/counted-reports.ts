import { sql, type RawBuilder, type SqlBool } from 'kysely';

/**
 * The stored reports that count in figures, as a condition on `alias` (a device_reports row): not
 * a held one (until released), not a discarded one, not a golden unit's (it tests the jig, not a
 * board). Every read that sums reports into a figure or picks a board's first test goes through it,
 * so ingestion, corrections and the recount agree.
 */
export const countedReport = (alias = 'device_reports'): RawBuilder<SqlBool> =>
  sql<SqlBool>`${sql.ref(`${alias}.held`)} is null and ${sql.ref(`${alias}.golden`)} is null`;
