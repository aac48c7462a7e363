import { mdiArrowLeft } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { deviceOptions } from '../../../api/devices';
import { Icon } from '../../../components/icon';
import { Sheet } from '../../../components/sheet';
import { useSearchState, withSearch } from '../../../lib/url-search';
import { DeviceDetails } from './device-details';
import { backToDevice, closePanel, panelSearch, readPanel } from './panel-url';
import { ReportView } from './report-view';

/**
 * A device and its reports, or one report's steps, in a side sheet over the devices table. What
 * it shows is the URL's `?device=&report=`: opening pushes a history entry (links), closing and
 * going back to the device replace it.
 */
export function DevicePanel({ projectId }: { projectId: number }) {
  const { search, pathname } = useSearchState();
  const [, navigate] = useLocation();
  const panel = readPanel(search);
  const device = useQuery(deviceOptions(panel.device ?? -1));
  const go = (patch: Parameters<typeof panelSearch>[1]) =>
    navigate(withSearch(pathname, panelSearch(search, patch)), { replace: true });

  const shown = device.data && device.data.project_id === projectId ? device.data : null;
  // The serial is the title people look for; the line under it says what the panel shows.
  const title = shown?.serial ?? (panel.report ? 'Report' : 'Device');
  const description = panel.report ? 'Test report' : shown ? `Device in ${shown.production_batch_name}` : undefined;

  return (
    <Sheet
      open={panel.device !== null}
      onOpenChange={(open) => (open ? undefined : go(closePanel))}
      title={title}
      description={description}
      leading={
        panel.report ? (
          <button
            type="button"
            onClick={() => go(backToDevice)}
            aria-label="Back to device"
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-md text-secondary hover:bg-secondary-light"
          >
            <Icon path={mdiArrowLeft} size={22} />
          </button>
        ) : null
      }
    >
      {panel.device === null ? null : panel.report ? (
        <ReportView key={panel.report} deviceId={panel.device} reportId={panel.report} />
      ) : (
        <DeviceDetails key={panel.device} projectId={projectId} deviceId={panel.device} query={device} />
      )}
    </Sheet>
  );
}
