import type { ColumnType, Generated } from 'kysely';

/** The company's failure codes (migration 022). */
export interface FailureCodesTable {
  id: Generated<number>;
  company_id: number;
  code: string;
  /** lower(code): unique per company. */
  code_key: string;
  description: string;
  archived: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A board's repair, from the hand-off until repaired or scrapped (migration 022). */
export interface RepairsTable {
  id: Generated<number>;
  company_id: number;
  project_id: number;
  device_id: number;
  /** contract REPAIR_STATUSES */
  status: string;
  reason: string;
  /** JSON array of contract FailingStep. */
  failing_steps: Generated<string>;
  report_id: number | null;
  enclosure_id: number | null;
  scan_id: number | null;
  sent_by: number | null;
  sent_at: string;
  failure_code_id: ColumnType<number | null, number | null | undefined, number | null>;
  action: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON array of reference designators. */
  parts: Generated<string>;
  notes: ColumnType<string | null, string | null | undefined, string | null>;
  file_id: ColumnType<string | null, string | null | undefined, string | null>;
  repaired_by: ColumnType<number | null, number | null | undefined, number | null>;
  repaired_at: ColumnType<string | null, string | null | undefined, string | null>;
}

declare module '../db/schema' {
  interface DB {
    failure_codes: FailureCodesTable;
    repairs: RepairsTable;
  }
}
