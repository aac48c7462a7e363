import { Link, useSearch } from 'wouter';
import { cx } from '../../../lib/cx';

export type ManufacturersView = 'manufacturers' | 'invitations';

/**
 * The manufacturers tab holds two lists: the companies that build the boards and the people
 * invited into the project (mostly theirs). One shows at a time, chosen in the URL (`?view=`),
 * because each table keeps its paging and search in the query string.
 */
export function useManufacturersView(): ManufacturersView {
  return new URLSearchParams(useSearch()).get('view') === 'invitations' ? 'invitations' : 'manufacturers';
}

const VIEWS: { view: ManufacturersView; label: string; query: string }[] = [
  { view: 'manufacturers', label: 'Manufacturers', query: '' },
  { view: 'invitations', label: 'Invitations', query: '?view=invitations' },
];

export function SectionSwitch({ projectId, current }: { projectId: number; current: ManufacturersView }) {
  return (
    <nav aria-label="Manufacturers or invitations">
      <ul className="inline-flex rounded-md border border-secondary/30 bg-white p-0.5">
        {VIEWS.map(({ view, label, query }) => (
          <li key={view}>
            <Link
              href={`/projects/${projectId}/manufacturers${query}`}
              aria-current={current === view ? 'page' : undefined}
              className={cx(
                'inline-flex min-h-9 items-center rounded px-3 text-sm',
                current === view ? 'bg-primary-light font-semibold text-primary-dark' : 'text-secondary hover:text-gray-900',
              )}
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
