/**
 * The numbers behind a chart, as the table under it shows them and its CSV download holds them
 * (src/lib/chart-csv.ts): one source, so the file is what the table showed.
 */

/** A cell: its text, or its text with a link (the row's subject) and what the CSV holds instead (an ISO date for "Mar 4"). */
export type ChartCell = string | number | { text: string; href?: string; csv?: string | number };

export type ChartTableData = { caption: string; headers: string[]; rows: ChartCell[][] };

export const cellText = (cell: ChartCell): string => (typeof cell === 'object' ? cell.text : String(cell));
export const cellHref = (cell: ChartCell): string | undefined => (typeof cell === 'object' ? cell.href : undefined);
export const cellCsv = (cell: ChartCell): string | number => (typeof cell === 'object' ? (cell.csv ?? cell.text) : cell);

/** A part of a file name: lower case, accents dropped, anything but letters and digits a dash. */
const slug = (part: string) =>
  part
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** `acme-electronics-yield-per-day-2025-03-01-to-2025-03-30.csv`: what, whose, when; safe on every system. */
export function csvFileName(...parts: (string | null | undefined)[]): string {
  const name = parts
    .filter((p): p is string => !!p)
    .map(slug)
    .filter(Boolean)
    .join('-')
    .slice(0, 150)
    .replace(/-+$/, '');
  return `${name || 'chart'}.csv`;
}
