import Papa from 'papaparse';
import { saveBlob } from '../api/download';
import { cellCsv, type ChartTableData } from './chart-table';

/**
 * A chart's table as CSV text: its headers, then its rows cell by cell (papaparse quotes what
 * needs quoting). A byte-order mark first, so spreadsheets read the names' accents and dashes
 * as UTF-8; CRLF line ends, as RFC 4180 and spreadsheets expect. Names come from jigs and
 * people: one that starts like a formula (`=`, `+`, `-`, `@`) gets a leading `'`, so a
 * spreadsheet shows it instead of running it.
 */
export function chartCsv({ headers, rows }: Pick<ChartTableData, 'headers' | 'rows'>): string {
  const text = Papa.unparse({ fields: headers, data: rows.map((row) => row.map(cellCsv)) }, { newline: '\r\n', escapeFormulae: true });
  return `\uFEFF${text.endsWith('\r\n') ? text : `${text}\r\n`}`;
}

/** Saves a chart's table as a CSV file (built here in the browser from the rows on screen). */
export function downloadChartCsv(table: Pick<ChartTableData, 'headers' | 'rows'>, fileName: string): void {
  saveBlob(new Blob([chartCsv(table)], { type: 'text/csv;charset=utf-8' }), fileName);
}
