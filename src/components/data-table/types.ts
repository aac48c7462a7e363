import type { UseQueryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Page } from '../../../contract/envelope';
import type { ListParams } from '../../../contract/list-query';

export type Column<T> = {
  /** The field name; for a sortable column it is also the API's `sortby` value. */
  key: string;
  header: string;
  sortable?: boolean;
  /** How a cell shows; without it the field's value as text. */
  cell?: (row: T) => ReactNode;
  className?: string;
};

/** A query-options factory of `src/api/` for one page of a list. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ListQuery<T> = (params: ListParams) => UseQueryOptions<Page<T>, Error, Page<T>, any>;
