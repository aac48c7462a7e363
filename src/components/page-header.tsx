import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { mdiArrowLeft } from '@mdi/js';
import { Icon } from './icon';

type PageHeaderProps = {
  title: string;
  description?: ReactNode;
  /** Buttons and links on the right; they wrap below the title on narrow screens. */
  actions?: ReactNode;
  back?: { href: string; label: string };
};

export function PageHeader({ title, description, actions, back }: PageHeaderProps) {
  return (
    <header className="mb-6">
      {back ? (
        <Link
          href={back.href}
          className="mb-2 inline-flex items-center gap-1 text-sm text-secondary hover:text-primary"
        >
          <Icon path={mdiArrowLeft} size={16} />
          {back.label}
        </Link>
      ) : null}
      <div className="flex flex-wrap items-start justify-between gap-3">
        {/* Grows beside the actions on a laptop (a long description wraps), above them on a phone. */}
        <div className="min-w-0 flex-1 basis-80">
          <h1 className="text-2xl font-semibold break-words text-gray-900">{title}</h1>
          {description ? <p className="mt-1 text-sm text-secondary">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
    </header>
  );
}
