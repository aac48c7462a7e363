import { mdiAlertCircleOutline } from './first-screen-icons';
import { toApiFailure } from '../api/client';
import { cx } from '../lib/cx';
import { Icon } from './icon';

type ErrorPresenterProps = {
  /** A failed call (axios error), an Error, or a message. */
  error: unknown;
  title?: string;
  className?: string;
};

/** The one way a failed call is shown: the server's message and its request id, if any. */
export function ErrorPresenter({ error, title, className }: ErrorPresenterProps) {
  const failure = typeof error === 'string' ? { message: error, requestId: undefined } : toApiFailure(error);
  return (
    <div
      role="alert"
      className={cx('flex gap-3 rounded-md border border-error/30 bg-error-light p-3 text-sm text-error', className)}
    >
      <Icon path={mdiAlertCircleOutline} className="mt-0.5" />
      <div className="min-w-0 break-words">
        {title ? <p className="font-semibold">{title}</p> : null}
        <p>{failure.message}</p>
        {failure.requestId ? (
          <p className="mt-1 text-xs text-error/80">
            Request id: <code>{failure.requestId}</code>
          </p>
        ) : null}
      </div>
    </div>
  );
}
