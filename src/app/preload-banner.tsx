import { mdiAlertCircleOutline, mdiReload } from '../components/first-screen-icons';
import { Button } from '../components/button';
import { Icon } from '../components/icon';
import { failureHeadline, useLoadFailure } from './preload-error';

/** SPEC §8 'Unable to preload CSS': shown over any screen, with the one fix that works. */
export function PreloadBanner() {
  const detail = useLoadFailure();
  if (!detail) return null;
  return (
    <div role="alert" className="sticky top-0 z-50 border-b border-error/30 bg-error-light px-4 py-3 text-sm text-error">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3">
        <Icon path={mdiAlertCircleOutline} />
        <div className="min-w-0 flex-1 break-words">
          <p className="font-semibold">{failureHeadline(detail)}</p>
          <p className="text-error/80">{detail}</p>
        </div>
        <Button variant="danger" icon={mdiReload} onClick={() => window.location.reload()}>
          Reload
        </Button>
      </div>
    </div>
  );
}
