import type { ReactNode } from 'react';

export type Fact = { term: string; value: ReactNode; wide?: boolean };

/**
 * Label–value pairs packed two or three across: the panel is narrow, and a stacked list would
 * push the reports (or the steps) below the fold on a phone.
 */
export function PanelFacts({ items }: { items: Fact[] }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-3 rounded-lg border border-secondary-light bg-white p-3 text-sm shadow-sm sm:grid-cols-3 sm:p-4">
      {items.map(({ term, value, wide }) => (
        <div key={term} className={wide ? 'col-span-2 min-w-0 sm:col-span-3' : 'min-w-0'}>
          <dt className="text-xs font-medium text-secondary">{term}</dt>
          <dd className="mt-0.5 break-words text-gray-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
