import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { EnclosureUpdate } from '../../../contract/enclosure-updates';
import { deleteEnclosureUpdate, downloadEnclosureFirmware, enclosureUpdatesChanged } from '../../api/enclosure-updates';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorPresenter } from '../../components/error-presenter';
import { EditUpdateDialog } from './edit-update-dialog';

type Props = { update: EnclosureUpdate; onChanged: (message: string) => void };

/**
 * Download, Edit and Delete for one update. The delete asks first, naming the update and its
 * file; it is kept to one ConfirmDialog so the app's shared delete convention can replace it.
 */
export function UpdateRowActions({ update, onChanged }: Props) {
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const download = useMutation({ mutationFn: () => downloadEnclosureFirmware(update) });
  const remove = useMutation({
    mutationFn: () => deleteEnclosureUpdate(update.id),
    onSuccess: async () => {
      setConfirming(false);
      await enclosureUpdatesChanged(client);
      onChanged(`Deleted “${update.description}”.`);
    },
  });
  const name = `“${update.description}”`;

  return (
    <div className="flex flex-col items-end gap-1">
      <div className="-my-1.5 flex flex-wrap justify-end">
        <Button variant="ghost" className="min-h-9 px-2" busy={download.isPending} onClick={() => download.mutate()} aria-label={`Download the firmware of ${name}`}>
          Download
        </Button>
        <Button variant="ghost" className="min-h-9 px-2" onClick={() => setEditing(true)} aria-label={`Edit ${name}`}>
          Edit
        </Button>
        <Button variant="ghost" className="min-h-9 px-2 text-error" onClick={() => setConfirming(true)} aria-label={`Delete ${name}`}>
          Delete
        </Button>
      </div>
      {download.isError ? <ErrorPresenter error={download.error} title="Could not download the firmware" className="max-w-xs text-left" /> : null}
      {editing ? (
        <EditUpdateDialog update={update} open onOpenChange={setEditing} onSaved={(saved) => onChanged(`Saved “${saved.description}”.`)} />
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) remove.reset();
        }}
        title={`Delete ${name}?`}
        description={`The update and its firmware file ${update.firmware_name} are removed for good; jigs no longer get it.`}
        confirmLabel="Delete update"
        danger
        busy={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate()}
      />
    </div>
  );
}
