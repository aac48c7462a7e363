import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { enclosureUpdateFields } from '../../../contract/enclosure-updates';
import { enclosureUpdatesChanged, uploadEnclosureUpdate } from '../../api/enclosure-updates';
import { FormDialog, FormDialogActions } from '../../components/form-dialog';
import { contractResolver } from '../../components/form/contract-resolver';
import { formErrorOf } from '../../components/form/form-error';
import { TextAreaField } from '../../components/form/text-area-field';
import { TextField } from '../../components/form/text-field';
import { UploadField } from '../../components/upload-field/upload-field';
import { useUploadDialog } from '../../components/upload-field/use-upload-dialog';
import { useUploadField } from '../../components/upload-field/use-upload-field';
import { showSuccess } from '../../components/toast';

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

const empty = { description: '', patch_notes: '' };

/**
 * "Upload firmware": description, patch notes and the file, sent as one multipart request with
 * its progress on the file. A refusal (too large, wrong type, a missing field) shows where it
 * belongs and the form keeps everything typed and chosen, so fixing one thing is enough.
 */
export function UploadFirmwareDialog({ open, onOpenChange }: Props) {
  const client = useQueryClient();
  const form = useForm({ defaultValues: empty, resolver: contractResolver(enclosureUpdateFields) });
  const firmware = useUploadField({ field: 'firmware', kind: 'firmware' });
  const { submit, close, busy } = useUploadDialog({
    form,
    upload: firmware,
    empty: () => empty,
    fileRequired: true,
    send: (input, file, config) => uploadEnclosureUpdate({ ...input, firmware: file! }, config),
    onSent: async (update) => {
      await enclosureUpdatesChanged(client);
      showSuccess(`Firmware “${update.description}” uploaded.`);
    },
    onClose: () => onOpenChange(false),
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Upload firmware"
      description="A new enclosure update: the jigs fetch the newest one."
      busy={busy}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField control={form.control} name="description" label="Description" placeholder="Controller 2.4.0" disabled={busy} />
        <TextAreaField
          control={form.control}
          name="patch_notes"
          label="Patch notes"
          hint="Optional: what changed, for whoever rolls it out."
          disabled={busy}
        />
        <UploadField label="Firmware" upload={firmware} hint="The image or archive the jigs install (binary, zip, gzip, tar, xz), up to 1 GB." />
        <FormDialogActions formError={formErrorOf(form.formState.errors)} busy={busy} submitLabel="Upload" onCancel={close} />
      </form>
    </FormDialog>
  );
}
