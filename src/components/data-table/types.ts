import type { UseQueryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Page } from '../../../contract/envelope';
import type { ListParams } from '../../../contract/list-query';

/**
 * Where a column's cell goes when the table shows its rows as cards (on a phone, below `sm`):
 * - `title`: the card's heading, and its link when the table has `rowHref` (one per table);
 * - `lead`: before the title, e.g. a row's checkbox;
 * - `badge`: beside the title and never cut, e.g. the status;
 * - `field`: a labelled value in the card's grid of key facts;
 * - `meta`: the small line under the facts, as "Header value", e.g. "Created Nov 9, 2026";
 * - `actions`: the buttons at the card's foot;
 * - `footer`: full width under everything, e.g. a row's inline editor;
 * - `hidden`: not on the card (say why beside the column, e.g. the title repeats it).
 */
export type CardRole = 'title' | 'lead' | 'badge' | 'field' | 'meta' | 'actions' | 'footer' | 'hidden';

export type Column<T> = {
  /** The field name; for a sortable column it is also the API's `sortby` value. */
  key: string;
  header: string;
  sortable?: boolean;
  /** How a cell shows; without it the field's value as text. */
  cell?: (row: T) => ReactNode;
  className?: string;
  /**
   * Its place on a phone's card. Without it: the first column is the title, a column keyed
   * `actions` the actions, any other a field.
   */
  card?: CardRole;
};

/** A query-options factory of `src/api/` for one page of a list. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ListQuery<T> = (params: ListParams) => UseQueryOptions<Page<T>, Error, Page<T>, any>;
