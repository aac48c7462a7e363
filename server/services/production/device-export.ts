import { Readable } from 'node:stream';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { orderBySort, type ListSorting } from '../../db/paged-list';
import type { DB } from '../../db/schema';
import { DEVICE_SORTING, filterDevices, selectDevices, type DeviceFilters } from '../../store/devices';

/** Rows per query: big enough to stream fast, small enough that memory stays flat. */
const CHUNK_ROWS = 1000;

const HEADER = ['serial', 'batch', 'status', 'last_result', 'tested_at', 'first_pass'];

/**
 * One CSV field. Quoted when it holds a separator, quote or line break; a leading `=`, `+`,
 * `-`, `@` (a jig-supplied serial) gets a `'` so a spreadsheet shows it instead of running it.
 */
export function csvField(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

type Sort = keyof typeof DEVICE_SORTING.columns;

/**
 * Nullable sort columns (untested boards' tested_at) are exported in two phases, because nulls
 * sort first ascending and last descending: the rows with a value, and the rows without.
 */
type Phase = 'values' | 'nulls';
const phasesFor = (sortby: Sort, desc: boolean): Phase[] =>
  !DEVICE_SORTING.nullable?.includes(sortby) ? ['values'] : desc ? ['values', 'nulls'] : ['nulls', 'values'];

/**
 * "After the last row sent" within a phase: a keyset on (sort value, id) written as one
 * row-value comparison, which both databases turn into an index range. (The same condition
 * spelled out with OR could not start a range: every chunk of a 250,000-board export rescanned
 * from the top, 34-58 s on PostgreSQL.)
 */
function after(
  sortby: Sort,
  desc: boolean,
  phase: Phase,
  last: { id: number; value: string | number | null } | undefined,
): Expression<SqlBool> | undefined {
  const column = DEVICE_SORTING.columns[sortby];
  const id = sql.ref('devices.id');
  const beyond = desc ? sql.raw('<') : sql.raw('>');
  if (sortby === 'id') return last && sql<SqlBool>`${id} ${beyond} ${last.id}`;
  if (phase === 'nulls') {
    return last ? sql<SqlBool>`${column} is null and ${id} ${beyond} ${last.id}` : sql<SqlBool>`${column} is null`;
  }
  if (!last) return DEVICE_SORTING.nullable?.includes(sortby) ? sql<SqlBool>`${column} is not null` : undefined;
  return sql<SqlBool>`(${column}, ${id}) ${beyond} (${last.value}, ${last.id})`;
}

const SORT_VALUE: Record<Sort, (row: ExportRow) => string | number | null> = {
  id: (r) => r.id,
  serial: (r) => r.serial_key,
  // The stored status the rows are sorted by (the status shown may be "released" a moment
  // before the board's own status says so: release-catch-up.ts).
  status: (r) => r.stored_status,
  tested_at: (r) => r.tested_at,
  created_at: (r) => r.created_at,
};

const csvLine = (r: ExportRow) =>
  [
    r.serial,
    r.production_batch_name,
    r.status,
    r.last_result,
    r.tested_at,
    r.first_pass === null ? '' : r.first_pass ? 'yes' : 'no',
  ]
    .map(csvField)
    .join(',') + '\r\n';

type ExportRow = Awaited<ReturnType<ReturnType<typeof exportQuery>['execute']>>[number];
const exportQuery = (db: Kysely<DB>) => selectDevices(db).select(['devices.serial_key', 'devices.status as stored_status']);

/**
 * Every matching device as CSV text, read in keyset chunks as the consumer pulls: the header
 * line, then one chunk of lines per query. Nothing here knows HTTP; the route streams it.
 */
export async function* deviceCsvChunks(
  db: Kysely<DB>,
  filters: DeviceFilters,
  sort: { sortby?: Sort; sortdesc?: boolean },
  sorting: ListSorting<Sort> = DEVICE_SORTING,
  chunkRows = CHUNK_ROWS,
): AsyncGenerator<string> {
  const sortby = sort.sortby ?? DEVICE_SORTING.default;
  const desc = sort.sortdesc ?? false;
  yield `${HEADER.join(',')}\r\n`;
  for (const phase of phasesFor(sortby, desc)) {
    let last: { id: number; value: string | number | null } | undefined;
    for (;;) {
      let query = filterDevices(db, exportQuery(db), filters);
      const condition = after(sortby, desc, phase, last);
      if (condition) query = query.where(condition);
      const rows = await orderBySort(db, query, sorting, sortby, desc).limit(chunkRows).execute();
      if (rows.length > 0) yield rows.map(csvLine).join('');
      if (rows.length < chunkRows) break;
      const tail = rows[rows.length - 1];
      last = { id: tail.id, value: SORT_VALUE[sortby](tail) };
    }
  }
}

/** The same as a Node stream (what the export tests read). */
export function deviceCsvStream(...args: Parameters<typeof deviceCsvChunks>): Readable {
  return Readable.from(deviceCsvChunks(...args));
}

/** `<project>-devices.csv`, reduced to characters every browser and OS accepts in a file name. */
export function exportFileName(...parts: string[]): string {
  const safe = parts.map((p) => p.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'project');
  return `${safe.join('-')}-devices.csv`;
}
