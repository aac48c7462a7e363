import type { MouseEvent } from 'react';
import { Link } from 'wouter';
import { cx } from '../../lib/cx';
import { cardRoleOf, cellContent } from './cell-content';
import type { CardRole, Column } from './types';

type CardListProps<T> = {
  label: string;
  columns: Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  rowHref?: (row: T) => string;
  onRowClick: (row: T) => (event: MouseEvent) => void;
  busy: boolean;
  /** A row that needs attention is tinted red (its cells still say why). */
  rowTone?: (row: T) => 'danger' | undefined;
};

/**
 * A DataTable's rows on a phone: one card each, laid out by the columns' `card` roles, so the
 * title, the status and the key facts show whole instead of in a table scrolled sideways.
 */
export function CardList<T>({ label, columns, rows, rowKey, rowHref, onRowClick, busy, rowTone }: CardListProps<T>) {
  const byRole = (role: CardRole) => columns.filter((c, i) => cardRoleOf(c, i) === role);
  const [title] = byRole('title');
  const lead = byRole('lead');
  const badges = byRole('badge');
  const fields = byRole('field');
  const meta = byRole('meta');
  const actions = byRole('actions');
  const footers = byRole('footer');

  return (
    <ul aria-label={label} aria-busy={busy || undefined} className="divide-y divide-secondary-light transition-opacity aria-busy:opacity-60">
      {rows.map((row) => {
        const heading = title ? cellContent(title, row) : null;
        return (
          <li
            key={rowKey(row)}
            onClick={onRowClick(row)}
            className={cx(
              'flex flex-col gap-2 px-3 py-3 text-sm text-gray-800',
              rowHref && 'cursor-pointer active:bg-primary-light/50',
              rowTone?.(row) === 'danger' && 'bg-error-light/60',
            )}
          >
            <div className="flex items-start gap-3">
              {lead.map((c) => (
                <div key={c.key} className="shrink-0">
                  {cellContent(c, row)}
                </div>
              ))}
              <div className="min-w-0 flex-1 font-medium wrap-anywhere">
                {rowHref ? (
                  <Link href={rowHref(row)} className="text-primary-dark hover:underline">
                    {heading}
                  </Link>
                ) : (
                  heading
                )}
              </div>
              {badges.length ? (
                <div className="flex shrink-0 flex-col items-end gap-1 text-right">
                  {badges.map((c) => (
                    <div key={c.key}>{cellContent(c, row)}</div>
                  ))}
                </div>
              ) : null}
            </div>
            {fields.length ? (
              <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
                {fields.map((c) => (
                  <div key={c.key} className="min-w-0">
                    <dt className="text-xs text-secondary">{c.header}</dt>
                    <dd className="wrap-anywhere">{cellContent(c, row)}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
            {meta.length ? (
              <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-secondary">
                {meta.map((c) => (
                  <span key={c.key}>
                    {c.header} <span className="text-gray-700">{cellContent(c, row)}</span>
                  </span>
                ))}
              </p>
            ) : null}
            {actions.length ? (
              // Shown only when an action renders something (a used invitation offers none).
              <div className="hidden flex-wrap items-center justify-end gap-2 has-[>:not(:empty)]:flex">
                {actions.map((c) => (
                  <div key={c.key} className="empty:hidden">
                    {cellContent(c, row)}
                  </div>
                ))}
              </div>
            ) : null}
            {footers.map((c) => (
              <div key={c.key} className="empty:hidden">
                {cellContent(c, row)}
              </div>
            ))}
          </li>
        );
      })}
    </ul>
  );
}
