import { mdiUpload } from '@mdi/js';
import { useState } from 'react';
import type { EnclosureUpdate } from '../../../contract/enclosure-updates';
import { enclosureUpdatesOptions } from '../../api/enclosure-updates';
import type { ScreenProps } from '../../app/screen-props';
import { Button } from '../../components/button';
import { DataTable } from '../../components/data-table/data-table';
import type { Column } from '../../components/data-table/types';
import { PageHeader } from '../../components/page-header';
import { formatSize } from '../../components/upload-field/upload-items';
import { formatDate, formatDateTime } from '../../lib/format';
import { UpdateRowActions } from './update-row-actions';
import { UploadFirmwareDialog } from './upload-firmware-dialog';

const COLUMNS: Column<EnclosureUpdate>[] = [
  {
    key: 'description',
    header: 'Description',
    sortable: true,
    card: 'title',
    cell: (u) => (
      <div className="max-w-64 whitespace-normal">
        <p className="font-medium">{u.description}</p>
        {u.patch_notes ? <p className="mt-1 line-clamp-2 text-xs whitespace-pre-line text-secondary">{u.patch_notes}</p> : null}
      </div>
    ),
  },
  {
    key: 'firmware_name',
    header: 'File',
    sortable: true,
    // Size and checksum sit under the name, so the row's actions stay in view on a laptop.
    cell: (u) => (
      <div className="max-w-48 whitespace-normal">
        <span className="break-all">{u.firmware_name}</span>
        <span className="block text-xs text-secondary tabular-nums">{formatSize(u.firmware_size)}</span>
        <code className="block text-xs text-secondary" title={`SHA-256 ${u.firmware_sha256}`}>
          sha256 {u.firmware_sha256.slice(0, 12)}…
        </code>
      </div>
    ),
  },
  {
    key: 'created_at',
    header: 'Uploaded',
    sortable: true,
    cell: (u) => (
      <>
        <span title={formatDateTime(u.created_at)}>{formatDate(u.created_at)}</span>
        {u.created_by ? <span className="block text-xs text-secondary">by {u.created_by.username}</span> : null}
      </>
    ),
  },
  { key: 'actions', header: 'Actions', className: 'text-right', card: 'actions', cell: (u) => <UpdateRowActions update={u} /> },
];

/** `/manage/enclosure-updates`: the firmware the jigs fetch, newest first. */
export function EnclosureUpdatesScreen({ title }: ScreenProps) {
  const [uploading, setUploading] = useState(false);
  return (
    <>
      <PageHeader
        title={title}
        description="Firmware for the jigs. Each jig fetches the newest update."
        actions={
          <Button icon={mdiUpload} onClick={() => setUploading(true)}>
            Upload firmware
          </Button>
        }
      />
      <DataTable
        label="Enclosure updates"
        columns={COLUMNS}
        query={enclosureUpdatesOptions}
        rowKey={(u) => u.id}
        defaults={{ sortby: 'created_at', sortdesc: true }}
        searchPlaceholder="Description, notes or file name"
        emptyText="No firmware uploaded yet."
      />
      <UploadFirmwareDialog open={uploading} onOpenChange={setUploading} />
    </>
  );
}
