import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { EnclosureUpdate } from '../../../contract/enclosure-updates';
import { deleteEnclosureUpdate, downloadEnclosureFirmware, enclosureUpdateDeleted } from '../../api/enclosure-updates';
import { Button } from '../../components/button';
import { DeleteAction } from '../../components/delete-action';
import { ErrorPresenter } from '../../components/error-presenter';
import { EditUpdateDialog } from './edit-update-dialog';

type Props = { update: EnclosureUpdate };

/**
 * Download, Edit and Delete for one update. The delete is the app's one DeleteAction: it asks
 * first, naming the update and its file.
 */
export function UpdateRowActions({ update }: Props) {
  const [editing, setEditing] = useState(false);
  const download = useMutation({ mutationFn: () => downloadEnclosureFirmware(update) });
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
        <DeleteAction
          compact
          kind="enclosure update"
          name={update.description}
          consequence={`Its firmware file ${update.firmware_name} goes with it, and jigs no longer get it.`}
          remove={() => deleteEnclosureUpdate(update.id)}
          refresh={enclosureUpdateDeleted}
        />
      </div>
      {download.isError ? <ErrorPresenter error={download.error} title="Could not download the firmware" className="max-w-xs text-left" /> : null}
      {editing ? (
        <EditUpdateDialog update={update} open onOpenChange={setEditing} />
      ) : null}
    </div>
  );
}
