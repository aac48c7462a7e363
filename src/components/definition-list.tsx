import type { ReactNode } from 'react';

export type Definition = { term: string; value: ReactNode };

/** Label–value pairs of one record; two columns where there is room, stacked on phones. */
export function DefinitionList({ items }: { items: Definition[] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-[minmax(8rem,max-content)_1fr]">
      {items.map(({ term, value }) => (
        <div key={term} className="contents">
          <dt className="font-medium text-secondary">{term}</dt>
          <dd className="-mt-2 min-w-0 break-words text-gray-900 sm:mt-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
