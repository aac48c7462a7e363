import { sql, type Kysely } from 'kysely';
import { outOfPolicyWords, SCAN_LEADS_TO_REPORT_MS, type OutOfPolicy } from '../../../contract/station';
import { amongJson, idsJson, preparedOnce, recordsJson, type Slot } from '../../db/prepared';
import type { DB } from '../../db/schema';
import type { DeviceState } from './report-lookups';

/**
 * The station's side of ingestion: which operator's scan led to each stored run, and whether
 * the run was out of policy (the board waited for repair, had used up its attempts of this
 * repair cycle, or was scrapped). Out-of-policy runs are stored and counted like any other:
 * they happened; they are only marked.
 */

/** A go scan at a jig that no run has claimed yet. */
export type OpenScan = { id: number; jig: number; key: string; operator: number | null; at: string };

/** What a group's policy needs: the open scans of its boards at its jigs (newest first), and the attempt limits of its projects' active profiles. */
export type RunPolicy = { scans: Map<string, OpenScan[]>; limits: Map<number, number> };

const scanKey = (jig: number, key: string) => `${jig}\u0000${key}`;

type PolicyRow = { kind: 'scan' | 'limit'; id: number; number: number; key: string | null; operator: number | null; at: string | null; company: number | null };

/**
 * One statement for both (one text whatever the reports, prepared.ts): the open scans of the
 * group's jigs and serials, looked up on the open scans' index (`= any(array(…))` on
 * PostgreSQL, which its planner takes for a few keys; a join with the recordset it would take
 * for 100 rows and hash every open scan of the last half hour), and the limits of the projects'
 * active profiles. A group has a jig or a few, so jigs × serials finds few scans that are not
 * a report's; lookUpPolicy keeps each report's own. Read after the boards are locked, so two
 * writers never claim one scan (a scan is claimed by the run of its board only).
 */
const policyRows = preparedOnce<PolicyRow, 'jigs' | 'keys' | 'projects' | 'since'>(
  (slot: Slot<'jigs' | 'keys' | 'projects' | 'since'>, db: Kysely<DB>) => sql`
    select 'scan' as kind, s.id as id, s.enclosure_id as number, s.serial_key as key, s.operator_id as operator, s.scanned_at as at, s.company_id as company
    from station_scans as s
    where ${amongJson(db, sql.ref('s.enclosure_id'), 'id', 'integer', slot('jigs'))}
      and ${amongJson(db, sql.ref('s.serial_key'), 'key', 'text', slot('keys'))}
      and s.report_id is null and s.outcome = 'go' and s.scanned_at >= ${slot('since')}
    union all
    select 'limit', p.project_id, p.attempt_limit, null, null, null, null
    from test_profiles as p
    where p.status = 'active' and p.attempt_limit is not null and ${amongJson(db, sql.ref('p.project_id'), 'id', 'integer', slot('projects'))}`,
);

/** The group's open scans and attempt limits: one query per group, never per report. */
export async function lookUpPolicy(
  trx: Kysely<DB>,
  reports: { jig: { id: number; company_id: number }; project: { id: number }; key: string }[],
  now: string,
): Promise<RunPolicy> {
  const since = new Date(Date.parse(now) - SCAN_LEADS_TO_REPORT_MS).toISOString();
  const rows = await policyRows(trx, {
    jigs: idsJson([...new Set(reports.map((r) => r.jig.id))]),
    keys: recordsJson({ key: 'text' }, [...new Set(reports.map((r) => r.key))].map((key) => ({ key }))),
    projects: idsJson([...new Set(reports.map((r) => r.project.id))]),
    since,
  });
  // A report's board at its jig, for the jig's present company (a scan of its earlier company is not this one's).
  const wanted = new Set(reports.map((r) => `${r.jig.company_id}\u0000${scanKey(r.jig.id, r.key)}`));
  const scans = new Map<string, OpenScan[]>();
  const limits = new Map<number, number>();
  for (const row of rows) {
    if (row.kind === 'limit') limits.set(Number(row.id), Number(row.number));
    else {
      const scan = { id: Number(row.id), jig: Number(row.number), key: row.key!, operator: row.operator === null ? null : Number(row.operator), at: row.at! };
      const key = scanKey(scan.jig, scan.key);
      if (!wanted.has(`${row.company}\u0000${key}`)) continue;
      scans.set(key, [...(scans.get(key) ?? []), scan]);
    }
  }
  for (const list of scans.values()) list.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : b.id - a.id));
  return { scans, limits };
}

/**
 * The scan each report claims, by the report's place: the newest open go scan of its board at
 * its jig. Several reports of one board at one jig in one group take the newest scans, oldest
 * first in their order, as if each had arrived after its own scan.
 */
export function claimScans<R extends { jig: { id: number }; key: string }>(reports: R[], policy: RunPolicy): Map<R, OpenScan> {
  const byBoard = new Map<string, R[]>();
  for (const r of reports) {
    const key = scanKey(r.jig.id, r.key);
    byBoard.set(key, [...(byBoard.get(key) ?? []), r]);
  }
  const claims = new Map<R, OpenScan>();
  for (const [key, list] of byBoard) {
    const newest = (policy.scans.get(key) ?? []).slice(0, list.length).reverse();
    newest.forEach((scan, i) => claims.set(list[i], scan));
  }
  return claims;
}

/**
 * Why a run on the board as it stands (before the run) is out of policy, or null: scrapped, in
 * repair, or its runs since its last repair reached the active profile's attempt limit.
 */
export function outOfPolicyOf(device: Pick<DeviceState, 'status' | 'in_repair' | 'report_count' | 'repair_base_count'>, limit: number | undefined): OutOfPolicy | null {
  if (device.status === 'scrapped') return 'scrapped';
  if (device.in_repair) return 'in_repair';
  if (limit !== undefined && device.report_count - device.repair_base_count >= limit) return 'attempts_used_up';
  return null;
}

/** The jig's answer's part of it. */
export const outOfPolicyAnswer = (code: OutOfPolicy | null, serial: string) => ({
  out_of_policy: code,
  out_of_policy_words: code === null ? null : outOfPolicyWords(code, serial),
});
