import { mdiDownload } from '@mdi/js';
import { useMutation } from '@tanstack/react-query';
import { downloadDevicesCsv, type DeviceListParams } from '../../../api/devices';
import { Button } from '../../../components/button';
import { ErrorPresenter } from '../../../components/error-presenter';

/** Downloads exactly the rows the table selects (filters, search, sort), all pages of them. */
type ExportButtonProps = { projectId: number; params: DeviceListParams; className?: string };

export function ExportButton({ projectId, params, className }: ExportButtonProps) {
  const exporting = useMutation({ mutationFn: () => downloadDevicesCsv(projectId, params) });
  return (
    <>
      <Button variant="secondary" icon={mdiDownload} className={className} busy={exporting.isPending} onClick={() => exporting.mutate()}>
        Export CSV
      </Button>
      {exporting.isError ? (
        <ErrorPresenter error={exporting.error} title="Could not export the devices" className="w-full" />
      ) : null}
    </>
  );
}
