import { mdiUpload } from '@mdi/js';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { TestFile, TestProfile } from '../../../../../contract/test-profiles';
import { deleteTestFile, downloadTestFile, testFilesOptions, testProfileChanged, testProfilePartDeleted, uploadTestFile } from '../../../../api/test-profiles';
import { Button } from '../../../../components/button';
import { Card } from '../../../../components/card';
import { RowsTable } from '../../../../components/data-table/rows-table';
import type { Column } from '../../../../components/data-table/types';
import { DeleteAction } from '../../../../components/delete-action';
import { ErrorPresenter } from '../../../../components/error-presenter';
import { FormDialog, FormDialogActions } from '../../../../components/form-dialog';
import { formErrorOf } from '../../../../components/form/form-error';
import { LoadingBlock } from '../../../../components/spinner';
import { showSuccess } from '../../../../components/toast';
import { UploadField } from '../../../../components/upload-field/upload-field';
import { formatSize } from '../../../../components/upload-field/upload-items';
import { useUploadDialog } from '../../../../components/upload-field/use-upload-dialog';
import { useUploadField } from '../../../../components/upload-field/use-upload-field';
import { formatDate } from '../../../../lib/format';

type Props = { profile: TestProfile; editable: boolean };

function FileActions({ profile, file, editable }: { profile: TestProfile; file: TestFile; editable: boolean }) {
  const download = useMutation({ mutationFn: () => downloadTestFile(file) });
  return (
    <div className="flex flex-col items-end gap-1">
      <div className="-my-1.5 flex flex-wrap justify-end">
        <Button variant="ghost" className="min-h-9 px-2" busy={download.isPending} onClick={() => download.mutate()} aria-label={`Download ${file.name}`}>
          Download
        </Button>
        {editable ? (
          <DeleteAction
            compact
            kind="file"
            name={file.name}
            consequence="Other versions that share it keep their copy."
            remove={() => deleteTestFile(file.id)}
            refresh={(c) => testProfilePartDeleted(c, profile.id)}
          />
        ) : null}
      </div>
      {download.isError ? <ErrorPresenter error={download.error} title="Could not download the file" className="max-w-xs text-left" /> : null}
    </div>
  );
}

/** "Upload file": one file in `testfile`, its progress on the field, cancel, refusals on the file. */
function UploadTestFileDialog({ profile, open, onOpenChange }: { profile: TestProfile; open: boolean; onOpenChange: (open: boolean) => void }) {
  const client = useQueryClient();
  const form = useForm<Record<string, never>>({ defaultValues: {} });
  const upload = useUploadField({ field: 'testfile', kind: 'testfile' });
  const { submit, close, busy } = useUploadDialog({
    form,
    upload,
    empty: () => ({}),
    fileRequired: true,
    send: (_input, file, config) => uploadTestFile(profile.id, file!, config),
    onSent: async (file) => {
      await testProfileChanged(client, profile);
      showSuccess(`File “${file.name}” uploaded.`);
    },
    onClose: () => onOpenChange(false),
  });
  return (
    <FormDialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())} title="Upload file" description={`A file the jig needs to run “${profile.name}” ${profile.version}.`} busy={busy}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <UploadField label="Test file" upload={upload} hint="A script, a limits table, a configuration or an archive, up to 1 GB." />
        <FormDialogActions formError={formErrorOf(form.formState.errors)} busy={busy} submitLabel="Upload" onCancel={close} />
      </form>
    </FormDialog>
  );
}

/** The files a jig loads with the profile: download; a draft's uploaded and deleted. */
export function FilesSection({ profile, editable }: Props) {
  const files = useQuery(testFilesOptions(profile.id));
  const [uploading, setUploading] = useState(false);
  const columns: Column<TestFile>[] = [
    { key: 'name', header: 'File', card: 'title', cell: (f) => <span className="font-medium break-all whitespace-normal">{f.name}</span> },
    { key: 'size', header: 'Size', className: 'text-right tabular-nums', cell: (f) => formatSize(f.size) },
    { key: 'created_at', header: 'Added', card: 'meta', cell: (f) => formatDate(f.created_at) },
    { key: 'actions', header: 'Actions', className: 'text-right', card: 'actions', cell: (f) => <FileActions profile={profile} file={f} editable={editable} /> },
  ];
  return (
    <Card title={`Files (${files.data?.length ?? 0})`}>
      {editable ? (
        <div className="mb-3 flex justify-end">
          <Button icon={mdiUpload} onClick={() => setUploading(true)}>
            Upload file
          </Button>
        </div>
      ) : null}
      {files.isPending ? (
        <LoadingBlock label="Loading files" />
      ) : files.isError ? (
        <ErrorPresenter error={files.error} title="Could not load the files" />
      ) : (
        <RowsTable label="Test files" columns={columns} rows={files.data} rowKey={(f) => f.id} emptyText="No files." />
      )}
      {editable ? <UploadTestFileDialog profile={profile} open={uploading} onOpenChange={setUploading} /> : null}
    </Card>
  );
}
