import { useQuery } from '@tanstack/react-query';
import type { Device } from '../../../../contract/devices';
import { projectOptions } from '../../../api/projects';
import { deviceHistoryOptions } from '../../../api/repairs';
import { useSession } from '../../../app/app-actor';
import { ErrorPresenter } from '../../../components/error-presenter';
import { LoadingBlock } from '../../../components/spinner';
import { maySendToRepair } from '../repairs/repair-access';
import { isScrappedIn, waitingRepairOf } from './history';
import { HistoryEntryView } from './history-entry';
import { SendToRepairButton } from './send-to-repair-button';

/**
 * A board's whole history in order, oldest first: scans at the station, test runs (those stored
 * out of policy say why), repairs sent and done, each leading to its run or repair. Send to
 * repair sits here, where the board's state is read, for those who may, unless it waits already.
 */
export function DeviceHistory({ device }: { device: Device }) {
  const session = useSession();
  // The project shell loaded it already: its company decides who may send the board.
  const project = useQuery(projectOptions(device.project_id));
  const query = useQuery(deviceHistoryOptions(device.id));
  const history = query.data ?? [];
  const waiting = waitingRepairOf(history);
  const canSend = query.isSuccess && waiting === null && !isScrappedIn(history) && device.status !== 'scrapped' && !!project.data && maySendToRepair(session?.user, project.data.company_id);

  return (
    <section aria-labelledby="device-history" className="rounded-lg border border-secondary-light bg-white shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2 px-3 pt-3 sm:px-4">
        <h3 id="device-history" className="text-base font-semibold text-gray-900">
          History
        </h3>
        {canSend ? <SendToRepairButton device={device} /> : null}
      </div>
      <div className="px-3 sm:px-4">
        {query.isPending ? (
          <LoadingBlock label="Loading the history" />
        ) : query.isError ? (
          <ErrorPresenter error={query.error} title="Could not load the history" className="my-3" />
        ) : history.length === 0 ? (
          <p className="py-6 text-center text-sm text-secondary">Nothing recorded yet.</p>
        ) : (
          <ol aria-label={`History of ${device.serial}, oldest first`} className="divide-y divide-secondary-light">
            {history.map((entry, i) => (
              <HistoryEntryView key={`${entry.kind}-${entry.at}-${i}`} entry={entry} deviceId={device.id} projectId={device.project_id} />
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
