import Papa from 'papaparse';
import { parseTestPoints, type LengthUnit, type TestPadField, type TestPointImport } from '../../../../contract/test-points';

/**
 * The CSV import's preview with a person's corrections: a column given another meaning (or
 * ignored) and a length column's unit. `parseTestPoints` detects columns from the header line
 * only, so a correction rewrites that line (the corrected columns get the field's own name,
 * "x (mil)"; a column that loses its field gets a neutral name) and the file is read again. The
 * preview keeps the file's own column names.
 */

export type ColumnChoice = { field: TestPadField | null; unit?: LengthUnit };
/** Per column index (0-based, as `ColumnMapping.index`). */
export type ColumnChoices = Record<number, ColumnChoice>;

/** The header word detectColumns reads as each field, before any other name for it. */
const FIELD_HEADER: Record<TestPadField, string> = { name: 'TestPoint', net: 'Net', x: 'X', y: 'Y', side: 'Side', diameter: 'Diameter', kind: 'Kind' };
const LENGTH_FIELDS: readonly TestPadField[] = ['x', 'y', 'diameter'];

export function previewTestPoints(text: string, choices: ColumnChoices = {}, unit?: LengthUnit): TestPointImport {
  const first = parseTestPoints(text, { unit });
  if (!first.header || Object.keys(choices).length === 0) return first;

  // The meaning of every column after the choices: a field chosen for one column leaves the others.
  const fields = first.columns.map((c) => c.field);
  for (const [index, choice] of Object.entries(choices)) {
    if (choice.field) fields.forEach((f, i) => (f === choice.field ? (fields[i] = null) : undefined));
    fields[Number(index)] = choice.field;
  }
  const lines = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  const headerAt = first.header.line - 1;
  const cells = Papa.parse<string[]>(lines[headerAt] ?? '', { delimiter: first.header.delimiter }).data[0] ?? [];
  const rewritten = cells.map((cell, i) => {
    const field = fields[i] ?? null;
    const choice = choices[i];
    const changed = field !== (first.columns[i]?.field ?? null) || choice?.unit !== undefined;
    if (!changed) return cell;
    if (!field) return `Column ${i + 1}`;
    const chosenUnit = LENGTH_FIELDS.includes(field) ? (choice?.unit ?? null) : null;
    return chosenUnit ? `${FIELD_HEADER[field]} (${chosenUnit})` : FIELD_HEADER[field];
  });
  lines[headerAt] = Papa.unparse([rewritten], { delimiter: first.header.delimiter, newline: '' });
  const second = parseTestPoints(lines.join('\n'), { unit });
  if (second.header?.line !== first.header.line) return second;
  return withHeaders(second, first.columns.map((c) => c.header));
}

/** The file's own column names back on the re-read preview (and as the keys of each row's text). */
function withHeaders(result: TestPointImport, headers: string[]): TestPointImport {
  const renamed = result.columns.map((c) => ({ ...c, header: headers[c.index] ?? c.header }));
  const rows = result.rows.map((row) => {
    const values = Object.values(row.raw);
    return { ...row, raw: Object.fromEntries(renamed.map((c, i) => [c.header, values[i] ?? ''])) };
  });
  return { ...result, columns: renamed, rows };
}
