import type { ReactNode } from 'react';
import type { CardRole, Column } from './types';

/** What a column shows for a row: its `cell`, or the field's value as text ("—" for nothing). */
export function cellContent<T>(column: Column<T>, row: T): ReactNode {
  if (column.cell) return column.cell(row);
  const v = (row as Record<string, unknown>)[column.key];
  return v === null || v === undefined || v === '' ? '—' : String(v);
}

/** A column's place on a card, with the defaults of `Column.card`. */
export function cardRoleOf<T>(column: Column<T>, index: number): CardRole {
  return column.card ?? (index === 0 ? 'title' : column.key === 'actions' ? 'actions' : 'field');
}

/**
 * A body cell of both tables. The table is as wide as its box and no wider, so its columns share
 * the width and long text wraps; a button keeps its label on one line (a column that must give
 * way wraps its text, never cuts "Save" to "Sav").
 */
export const CELL = 'px-3 py-3 align-top [&_button]:whitespace-nowrap';
