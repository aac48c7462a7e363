import { mdiDownload } from '@mdi/js';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { cellHref, cellText, type ChartTableData } from '../lib/chart-table';
import { Icon } from './icon';

type ChartCardProps = {
  title: string;
  /** What the chart shows, in a line under the heading. */
  description?: ReactNode;
  /** The chart's message in words, for readers who do not see it. */
  summary: string;
  /** The same numbers as a table, the chart's accessible fallback; a row's first cell may link to what it counts. */
  table: ChartTableData;
  /** With a name, the table downloads as that CSV file (built in the browser from the same rows). */
  csvName?: string;
  children: ReactNode;
  className?: string;
};

export type ChartTableProps = ChartTableData;

/** A table of the chart's numbers; the first column names the row, and links to it where it can. */
export function ChartTable({ caption, headers, rows }: ChartTableData) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-background text-xs text-gray-700">
          <tr>
            {headers.map((h, i) => (
              <th key={h} scope="col" className={i === 0 ? 'px-3 py-2 font-semibold' : 'px-3 py-2 text-right font-semibold'}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-secondary-light">
          {rows.map(([first, ...rest], r) => {
            const href = cellHref(first);
            return (
              <tr key={r}>
                <th scope="row" className="px-3 py-1.5 font-normal text-gray-900">
                  {href ? (
                    <Link href={href} className="font-medium text-primary-dark underline-offset-2 hover:underline">
                      {cellText(first)}
                    </Link>
                  ) : (
                    cellText(first)
                  )}
                </th>
                {rest.map((cell, c) => (
                  <td key={c} className="px-3 py-1.5 text-right text-gray-800 tabular-nums">
                    {cellText(cell)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** "Download CSV": the CSV code (papaparse) loads on the first click, not with the chart. */
function CsvButton({ table, fileName }: { table: ChartTableData; fileName: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        import('../lib/chart-csv')
          .then(({ downloadChartCsv }) => downloadChartCsv(table, fileName))
          .finally(() => setBusy(false));
      }}
      title={`Save the numbers as ${fileName}`}
      className="inline-flex min-h-9 shrink-0 items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-primary-dark hover:bg-primary-light/50 disabled:opacity-60"
    >
      <Icon path={mdiDownload} size={18} />
      Download CSV
    </button>
  );
}

/**
 * A chart under its heading, with its message in words and its numbers as a table a click away
 * (and as a CSV file). The drawing itself is hidden from readers: the summary and the table say
 * the same, and the table's links go where the chart's bars do.
 */
export function ChartCard({ title, description, summary, table, csvName, children, className }: ChartCardProps) {
  const id = useId();
  // Once its numbers are shown, a card in a grid of charts takes the grid's whole row: half a
  // laptop's width cannot hold six columns of figures without hiding one.
  return (
    <section
      aria-labelledby={id}
      className={`min-w-0 rounded-lg border border-secondary-light bg-white p-3 shadow-sm sm:p-5 has-[details[open]]:col-span-full ${className ?? ''}`}
    >
      <h2 id={id} className="text-base font-semibold text-gray-900">
        {title}
      </h2>
      {description ? <p className="mt-0.5 text-sm text-secondary">{description}</p> : null}
      <p className="sr-only">{summary}</p>
      <div aria-hidden="true" className="mt-3 min-w-0">
        {children}
      </div>
      {/* The download sits on the summary's line; the table, once shown, takes the whole width under both. */}
      <div className="relative mt-2">
        <details className="text-sm">
          <summary className={`cursor-pointer py-1.5 text-primary-dark select-none hover:underline ${csvName ? 'mr-36' : ''}`}>
            Show the numbers
          </summary>
          <div className="mt-2">
            <ChartTable {...table} />
          </div>
        </details>
        {csvName ? (
          <div className="absolute top-0 right-0">
            <CsvButton table={table} fileName={csvName} />
          </div>
        ) : null}
      </div>
    </section>
  );
}
