import { mdiDownload } from '@mdi/js';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Repair } from '../../../../contract/repairs';
import { downloadRepairFile, repairPhotoOptions } from '../../../api/repairs';
import { Button } from '../../../components/button';
import { ErrorPresenter } from '../../../components/error-presenter';
import { LoadingBlock } from '../../../components/spinner';
import { formatSize } from '../../../components/upload-field/upload-items';

type RepairFile = NonNullable<Repair['file']>;

/** Whether the browser can draw the file as a picture. */
export const isImage = (file: Pick<RepairFile, 'content_type'>) => /^image\/(png|jpe?g|gif|webp|avif|bmp)$/i.test(file.content_type);

function RepairPhoto({ repair, file }: { repair: Repair; file: RepairFile }) {
  const query = useQuery(repairPhotoOptions(repair.id, file.id));
  if (query.isError) return <ErrorPresenter error={query.error} title="Could not load the photo" />;
  if (!query.data) return <LoadingBlock label="Loading the photo" />;
  return (
    <img
      src={query.data}
      alt={`Photo of the repair of ${repair.serial}: ${file.name}`}
      className="max-h-96 max-w-full rounded-md border border-secondary-light object-contain"
    />
  );
}

/** The repair's photo drawn on the page, or any other file as a download under its own name. */
export function RepairFileView({ repair }: { repair: Repair }) {
  const download = useMutation({ mutationFn: () => downloadRepairFile(repair) });
  const file = repair.file;
  if (!file) return <span className="text-secondary">None</span>;
  return (
    <div className="flex flex-col items-start gap-2">
      {isImage(file) ? <RepairPhoto repair={repair} file={file} /> : null}
      <Button variant="secondary" icon={mdiDownload} busy={download.isPending} onClick={() => download.mutate()} className="min-h-9">
        Download {file.name} <span className="font-normal text-secondary">({formatSize(file.size)})</span>
      </Button>
      {download.isError ? <ErrorPresenter error={download.error} title="Could not download the file" /> : null}
    </div>
  );
}
