import { useId, type ReactNode } from 'react';
import { cx } from '../lib/cx';
import { Icon } from './icon';

type CardProps = {
  title?: string;
  icon?: string;
  children: ReactNode;
  className?: string;
  /** h3 where the screen's own h2 already names the thing the card is part of. */
  headingLevel?: 2 | 3;
};

/** A white panel with an optional heading; the heading names the region for readers. */
export function Card({ title, icon, children, className, headingLevel = 2 }: CardProps) {
  const id = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <section
      aria-labelledby={title ? id : undefined}
      className={cx('rounded-lg border border-secondary-light bg-white p-4 shadow-sm sm:p-5', className)}
    >
      {title ? (
        <Heading id={id} className="mb-4 flex items-center gap-2 text-base font-semibold text-gray-900">
          {icon ? (
            <span className="inline-flex size-8 items-center justify-center rounded-full bg-primary-light text-primary">
              <Icon path={icon} size={18} />
            </span>
          ) : null}
          {title}
        </Heading>
      ) : null}
      {children}
    </section>
  );
}
