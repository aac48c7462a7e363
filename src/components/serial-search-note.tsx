import { SERIAL_SEARCH_PLACEHOLDER, serialNoMatches, serialSearchNote } from '../../contract/devices';
import { useSearchState } from '../lib/url-search';

/**
 * Above a table searched by serial: what a short search looks for (the serials that start with
 * it) and how to search inside serials, read from the table's `search` in the URL. A live region,
 * so a reader hears it as the search changes; empty (and hidden) otherwise.
 */
export function SerialSearchNote({ className = 'mb-2' }: { className?: string }) {
  const note = serialSearchNote(useSearchState().params.get('search'));
  return (
    <p role="status" className={`text-sm text-secondary empty:hidden ${className}`}>
      {note}
    </p>
  );
}

/** A DataTable searched by serial: its box's name and hint, and what an empty search says. */
export const SERIAL_TABLE_SEARCH = {
  searchLabel: 'Search serials',
  searchPlaceholder: SERIAL_SEARCH_PLACEHOLDER,
  noMatchesText: serialNoMatches,
} as const;
