import Papa from 'papaparse';
import type { z } from 'zod';

/** One problem in a CSV file; `row` counts data rows from 1 (the header is not a row), null for the file as a whole. */
export type CsvError = { row: number | null; column?: string; message: string };

export type CsvTable<R> = {
  /** The header's column names, trimmed. */
  columns: string[];
  /** The rows without problems, in file order; with a schema, its output. */
  rows: R[];
  errors: CsvError[];
};

type CsvOptions<S extends z.ZodType | undefined> = {
  /** Columns the header must name; without one of them nothing is read. */
  columns?: string[];
  /** Checks each row (an object of the row's text by column); its messages become the row's errors. */
  schema?: S;
};

type RowOf<S> = S extends z.ZodType ? z.output<S> : Record<string, string>;

/**
 * A CSV file read in the browser (papaparse): the first line names the columns, empty lines are
 * skipped, a byte-order mark and spaces around column names are dropped. Every problem names
 * its row, so a person can fix the file; only the rows without problems are returned.
 */
export async function parseCsv<S extends z.ZodType | undefined = undefined>(
  input: Blob | string,
  options: CsvOptions<S> = {},
): Promise<CsvTable<RowOf<S>>> {
  const parsed = await new Promise<Papa.ParseResult<Record<string, unknown>>>((resolve, reject) => {
    const config = { header: true, skipEmptyLines: 'greedy' as const, transformHeader: (h: string) => h.trim() };
    if (typeof input === 'string') resolve(Papa.parse<Record<string, unknown>>(input, config));
    else Papa.parse<Record<string, unknown>>(input as File, { ...config, complete: resolve, error: reject });
  });
  const columns = (parsed.meta.fields ?? []).filter((c) => c !== '');

  const missing = (options.columns ?? []).filter((c) => !columns.includes(c));
  if (missing.length) {
    const names = missing.map((c) => `“${c}”`).join(', ');
    return { columns, rows: [], errors: [{ row: null, message: `The first line must name the column${missing.length > 1 ? 's' : ''} ${names}.` }] };
  }

  const errors: CsvError[] = parsed.errors.map((e) => ({ row: e.row === undefined ? null : e.row + 1, message: e.message }));
  const broken = new Set(errors.map((e) => e.row));
  const rows: RowOf<S>[] = [];
  parsed.data.forEach((raw, index) => {
    const row = index + 1;
    if (broken.has(row)) return;
    const record = Object.fromEntries(columns.map((c) => [c, typeof raw[c] === 'string' ? (raw[c] as string) : '']));
    if (!options.schema) {
      rows.push(record as RowOf<S>);
      return;
    }
    const checked = options.schema.safeParse(record);
    if (checked.success) rows.push(checked.data as RowOf<S>);
    for (const issue of checked.error?.issues ?? []) {
      errors.push({ row, column: issue.path.length ? issue.path.join('.') : undefined, message: issue.message });
    }
  });
  return { columns, rows, errors };
}
