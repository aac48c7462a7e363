import { Readable } from 'node:stream';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { orderBySort, type ListSorting } from '../db/paged-list';
import type { DB } from '../db/schema';
import { DEVICE_SORTING, filterDevices, selectDevices, type DeviceFilters } from '../store/devices';

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
 * "After the last row sent" for the chosen order: a keyset on (sort value, id), so every chunk
 * is an index seek rather than an ever-growing offset. Nulls (untested tested_at) come first
 * ascending and last descending, as the paged list orders them.
 */
function after(sortby: Sort, desc: boolean, last: { id: number; value: string | number | null }): Expression<SqlBool> {
  const column = DEVICE_SORTING.columns[sortby];
  const id = sql.ref('devices.id');
  const beyond = desc ? sql.raw('<') : sql.raw('>');
  if (sortby === 'id') return sql<SqlBool>`${id} ${beyond} ${last.id}`;
  if (last.value === null) {
    // Still among the nulls: later nulls by id, then (ascending) every non-null value.
    return desc
      ? sql<SqlBool>`(${column} is null and ${id} < ${last.id})`
      : sql<SqlBool>`((${column} is null and ${id} > ${last.id}) or ${column} is not null)`;
  }
  const nullsAfter = desc && DEVICE_SORTING.nullable?.includes(sortby) ? sql` or ${column} is null` : sql``;
  return sql<SqlBool>`(${column} ${beyond} ${last.value} or (${column} = ${last.value} and ${id} ${beyond} ${last.id})${nullsAfter})`;
}

const SORT_VALUE: Record<Sort, (row: ExportRow) => string | number | null> = {
  id: (r) => r.id,
  serial: (r) => r.serial_key,
  status: (r) => r.status,
  tested_at: (r) => r.tested_at,
  created_at: (r) => r.created_at,
};

type ExportRow = Awaited<ReturnType<ReturnType<typeof exportQuery>['execute']>>[number];
const exportQuery = (db: Kysely<DB>) => selectDevices(db).select('devices.serial_key');

/** Every matching device as CSV, read in keyset chunks while the client downloads. */
export function deviceCsvStream(
  db: Kysely<DB>,
  filters: DeviceFilters,
  sort: { sortby?: Sort; sortdesc?: boolean },
  sorting: ListSorting<Sort> = DEVICE_SORTING,
  chunkRows = CHUNK_ROWS,
): Readable {
  const sortby = sort.sortby ?? DEVICE_SORTING.default;
  const desc = sort.sortdesc ?? false;
  async function* lines() {
    yield `${HEADER.join(',')}\r\n`;
    let last: { id: number; value: string | number | null } | undefined;
    for (;;) {
      let query = filterDevices(exportQuery(db), filters);
      if (last) query = query.where(after(sortby, desc, last));
      const rows = await orderBySort(db, query, sorting, sortby, desc).limit(chunkRows).execute();
      if (rows.length === 0) return;
      yield rows
        .map((r) =>
          [
            r.serial,
            r.production_batch_name,
            r.status,
            r.last_result,
            r.tested_at,
            r.first_pass === null ? '' : r.first_pass ? 'yes' : 'no',
          ]
            .map(csvField)
            .join(',') + '\r\n',
        )
        .join('');
      if (rows.length < chunkRows) return;
      const tail = rows[rows.length - 1];
      last = { id: tail.id, value: SORT_VALUE[sortby](tail) };
    }
  }
  return Readable.from(lines());
}

/** `<project>-devices.csv`, reduced to characters every browser and OS accepts in a file name. */
export function exportFileName(...parts: string[]): string {
  const safe = parts.map((p) => p.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'project');
  return `${safe.join('-')}-devices.csv`;
}
