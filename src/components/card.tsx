import { useId, type ReactNode } from 'react';
import { cx } from '../lib/cx';
import { Icon } from './icon';

type CardProps = { title?: string; icon?: string; children: ReactNode; className?: string };

/** A white panel with an optional heading; the heading names the region for readers. */
export function Card({ title, icon, children, className }: CardProps) {
  const id = useId();
  return (
    <section
      aria-labelledby={title ? id : undefined}
      className={cx('rounded-lg border border-secondary-light bg-white p-4 shadow-sm sm:p-5', className)}
    >
      {title ? (
        <h2 id={id} className="mb-4 flex items-center gap-2 text-base font-semibold text-gray-900">
          {icon ? (
            <span className="inline-flex size-8 items-center justify-center rounded-full bg-primary-light text-primary">
              <Icon path={icon} size={18} />
            </span>
          ) : null}
          {title}
        </h2>
      ) : null}
      {children}
    </section>
  );
}
