import { mdiDownload } from '@mdi/js';
import { useMutation } from '@tanstack/react-query';
import { downloadReleaseSerialsCsv } from '../../../api/release-batches';
import { Button } from '../../../components/button';
import { ErrorPresenter } from '../../../components/error-presenter';

/** The release batch's serials as a CSV file, like the devices table's export. */
export function DownloadSerialsButton({ batchId, className }: { batchId: number; className?: string }) {
  const downloading = useMutation({ mutationFn: () => downloadReleaseSerialsCsv(batchId) });
  return (
    <>
      <Button variant="secondary" icon={mdiDownload} className={className} busy={downloading.isPending} onClick={() => downloading.mutate()}>
        Download serials (CSV)
      </Button>
      {downloading.isError ? (
        <ErrorPresenter error={downloading.error} title="Could not download the serials" className="w-full" />
      ) : null}
    </>
  );
}
