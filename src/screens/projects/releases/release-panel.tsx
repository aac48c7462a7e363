import { useId, type ReactNode } from 'react';
import { Icon } from '../../../components/icon';

type ReleasePanelProps = { title: string; icon?: string; children: ReactNode };

/**
 * A white panel like the shared Card, one heading level lower: inside a project the batch's
 * name is the h2, so its parts are h3s.
 */
export function ReleasePanel({ title, icon, children }: ReleasePanelProps) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-lg border border-secondary-light bg-white p-4 shadow-sm sm:p-5">
      <h3 id={id} className="mb-4 flex items-center gap-2 text-base font-semibold text-gray-900">
        {icon ? (
          <span className="inline-flex size-8 items-center justify-center rounded-full bg-primary-light text-primary">
            <Icon path={icon} size={18} />
          </span>
        ) : null}
        {title}
      </h3>
      {children}
    </section>
  );
}
