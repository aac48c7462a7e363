import { mdiLinkVariantOff } from '@mdi/js';
import type { ReactNode } from 'react';
import { Icon } from '../../components/icon';

/** A link that leads nowhere any more: what happened, in words, and where to go instead. */
export function InviteDeadEnd({ title, message, children }: { title: string; message: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-start gap-4">
      <span className="inline-flex size-10 items-center justify-center rounded-full bg-secondary-light text-secondary">
        <Icon path={mdiLinkVariantOff} />
      </span>
      <h1 className="text-xl font-semibold text-gray-900">{title}</h1>
      <p role="alert" className="text-sm text-gray-800">
        {message}
      </p>
      {children ? <div className="flex flex-wrap gap-2">{children}</div> : null}
    </div>
  );
}
