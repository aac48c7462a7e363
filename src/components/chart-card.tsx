import { useId, type ReactNode } from 'react';

type ChartCardProps = {
  title: string;
  /** What the chart shows, in a line under the heading. */
  description?: ReactNode;
  /** The chart's message in words, for readers who do not see it. */
  summary: string;
  /** The same numbers as a table, the chart's accessible fallback. */
  table: ChartTableProps;
  children: ReactNode;
  className?: string;
};

export type ChartTableProps = { caption: string; headers: string[]; rows: (string | number)[][] };

/** A table of the chart's numbers; the first column names the row. */
export function ChartTable({ caption, headers, rows }: ChartTableProps) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-max text-left text-sm">
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
          {rows.map(([first, ...rest], r) => (
            <tr key={r}>
              <th scope="row" className="px-3 py-1.5 font-normal text-gray-900">
                {first}
              </th>
              {rest.map((cell, c) => (
                <td key={c} className="px-3 py-1.5 text-right text-gray-800 tabular-nums">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A chart under its heading, with its message in words and its numbers as a table a click away.
 * The drawing itself is hidden from readers: the summary and the table say the same.
 */
export function ChartCard({ title, description, summary, table, children, className }: ChartCardProps) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`min-w-0 rounded-lg border border-secondary-light bg-white p-3 shadow-sm sm:p-5 ${className ?? ''}`}>
      <h2 id={id} className="text-base font-semibold text-gray-900">
        {title}
      </h2>
      {description ? <p className="mt-0.5 text-sm text-secondary">{description}</p> : null}
      <p className="sr-only">{summary}</p>
      <div aria-hidden="true" className="mt-3 min-w-0">
        {children}
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer py-1 text-primary-dark select-none hover:underline">Show the numbers</summary>
        <div className="mt-2">
          <ChartTable {...table} />
        </div>
      </details>
    </section>
  );
}
