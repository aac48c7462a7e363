import { mdiUpload } from '@mdi/js';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { CartridgeFirmware, CartridgeTypeDetail } from '../../../contract/cartridge-types';
import { cartridgeFirmwareDeleted, cartridgeFirmwareOptions, deleteCartridgeFirmware, downloadCartridgeFirmware } from '../../api/cartridge-types';
import { Button } from '../../components/button';
import { DataTable } from '../../components/data-table/data-table';
import type { Column } from '../../components/data-table/types';
import { DeleteAction } from '../../components/delete-action';
import { ErrorPresenter } from '../../components/error-presenter';
import { formatSize } from '../../components/upload-field/upload-items';
import { formatDate, formatDateTime } from '../../lib/format';
import { UploadCartridgeFirmwareDialog } from './upload-cartridge-firmware-dialog';

function FirmwareActions({ firmware }: { firmware: CartridgeFirmware }) {
  const download = useMutation({ mutationFn: () => downloadCartridgeFirmware(firmware) });
  return (
    <div className="flex flex-col items-end gap-1">
      <div className="-my-1.5 flex flex-wrap justify-end">
        <Button
          variant="ghost"
          className="min-h-9 px-2"
          busy={download.isPending}
          onClick={() => download.mutate()}
          aria-label={`Download firmware ${firmware.version}`}
        >
          Download
        </Button>
        <DeleteAction
          compact
          kind="firmware version"
          name={firmware.version}
          consequence={`Its file ${firmware.firmware_name} goes with it.`}
          remove={() => deleteCartridgeFirmware(firmware.id)}
          refresh={(client) => cartridgeFirmwareDeleted(client, firmware)}
        />
      </div>
      {download.isError ? <ErrorPresenter error={download.error} title="Could not download the firmware" className="max-w-xs text-left" /> : null}
    </div>
  );
}

const COLUMNS: Column<CartridgeFirmware>[] = [
  {
    key: 'version',
    header: 'Version',
    sortable: true,
    card: 'title',
    cell: (f) => (
      <div className="max-w-64 whitespace-normal">
        <p className="font-medium">{f.version}</p>
        {f.description ? <p className="mt-1 line-clamp-2 text-xs text-secondary">{f.description}</p> : null}
      </div>
    ),
  },
  {
    key: 'firmware_name',
    header: 'File',
    sortable: true,
    cell: (f) => (
      <div className="max-w-48 whitespace-normal">
        <span className="break-all">{f.firmware_name}</span>
        <span className="block text-xs text-secondary tabular-nums">{formatSize(f.firmware_size)}</span>
        <code className="block text-xs text-secondary" title={`SHA-256 ${f.firmware_sha256}`}>
          sha256 {f.firmware_sha256.slice(0, 12)}…
        </code>
      </div>
    ),
  },
  {
    key: 'created_at',
    header: 'Uploaded',
    sortable: true,
    cell: (f) => (
      <>
        <span title={formatDateTime(f.created_at)}>{formatDate(f.created_at)}</span>
        {f.created_by ? <span className="block text-xs text-secondary">by {f.created_by.username}</span> : null}
      </>
    ),
  },
  { key: 'actions', header: 'Actions', className: 'text-right', card: 'actions', cell: (f) => <FirmwareActions firmware={f} /> },
];

/** The type's firmware versions, newest first, with upload, download and delete. */
export function FirmwareTable({ type }: { type: CartridgeTypeDetail }) {
  const [uploading, setUploading] = useState(false);
  return (
    <>
      <DataTable
        label="Firmware versions"
        columns={COLUMNS}
        query={cartridgeFirmwareOptions(type.id)}
        rowKey={(f) => f.id}
        defaults={{ sortby: 'created_at', sortdesc: true }}
        searchPlaceholder="Version, description or file name"
        emptyText="No firmware uploaded yet."
        toolbar={
          <Button icon={mdiUpload} onClick={() => setUploading(true)}>
            Upload firmware
          </Button>
        }
      />
      <UploadCartridgeFirmwareDialog type={type} open={uploading} onOpenChange={setUploading} />
    </>
  );
}
