import { mdiCheckCircleOutline } from '@mdi/js';
import { Icon } from './icon';

/** A polite success message: read out without taking focus. */
export function Notice({ children }: { children: string | null }) {
  return (
    <div role="status" aria-live="polite">
      {children ? (
        <p className="flex items-center gap-2 rounded-md border border-primary/30 bg-primary-light p-3 text-sm text-primary-dark">
          <Icon path={mdiCheckCircleOutline} />
          {children}
        </p>
      ) : null}
    </div>
  );
}
