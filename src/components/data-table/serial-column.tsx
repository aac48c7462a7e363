import type { Column } from './types';

/**
 * A serial or panel id as tables show it: monospaced, and on one line (the shared columns wrap
 * at hyphens otherwise, and a serial broken in two no longer reads as one).
 */
export const CODE_TEXT = 'font-mono whitespace-nowrap';

/** The Serial column of a board table: sortable, the title of a phone's card. */
export function serialColumn<T extends { serial: string }>(): Column<T> {
  return { key: 'serial', header: 'Serial', sortable: true, card: 'title', cell: (row) => <span className={CODE_TEXT}>{row.serial}</span> };
}
