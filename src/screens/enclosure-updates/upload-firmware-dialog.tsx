import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { enclosureUpdateFields, type EnclosureUpdateFields } from '../../../contract/enclosure-updates';
import { enclosureUpdatesChanged, uploadEnclosureUpdate, type UploadConfig } from '../../api/enclosure-updates';
import { FormDialog, FormDialogActions } from '../../components/form-dialog';
import { contractResolver } from '../../components/form/contract-resolver';
import { formErrorOf } from '../../components/form/form-error';
import { applyServerErrors } from '../../components/form/server-errors';
import { TextAreaField } from '../../components/form/text-area-field';
import { TextField } from '../../components/form/text-field';
import { UploadField } from '../../components/upload-field/upload-field';
import { useUploadField } from '../../components/upload-field/use-upload-field';
import { showSuccess } from '../../components/toast';

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

const empty = { description: '', patch_notes: '' };

type Sending = { input: EnclosureUpdateFields; firmware: File; config: UploadConfig };

/**
 * "Upload firmware": description, patch notes and the file, sent as one multipart request with
 * its progress on the file. A refusal (too large, wrong type, a missing field) shows where it
 * belongs and the form keeps everything typed and chosen, so fixing one thing is enough.
 */
export function UploadFirmwareDialog({ open, onOpenChange }: Props) {
  const client = useQueryClient();
  const form = useForm({ defaultValues: empty, resolver: contractResolver(enclosureUpdateFields) });
  const firmware = useUploadField({ field: 'firmware' });
  const mutation = useMutation({
    mutationFn: ({ input, firmware: file, config }: Sending) => uploadEnclosureUpdate({ ...input, firmware: file }, config),
    onSuccess: async (update) => {
      firmware.finish();
      await enclosureUpdatesChanged(client);
      close();
      showSuccess(`Firmware “${update.description}” uploaded.`);
    },
    onError: (error) => {
      const rest = firmware.fail(error);
      if (rest) applyServerErrors(rest, form);
      else form.clearErrors('root');
    },
  });

  const close = () => {
    form.reset(empty);
    firmware.reset();
    mutation.reset();
    onOpenChange(false);
  };

  // The file is checked beside the fields, so one submit shows every missing thing at once.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const chosen = firmware.require();
    return form.handleSubmit((input) => {
      if (chosen) mutation.mutate({ input, firmware: firmware.files[0], config: firmware.start() });
    })(event);
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Upload firmware"
      description="A new enclosure update: the jigs fetch the newest one."
      busy={mutation.isPending}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField control={form.control} name="description" label="Description" placeholder="Controller 2.4.0" disabled={mutation.isPending} />
        <TextAreaField
          control={form.control}
          name="patch_notes"
          label="Patch notes"
          hint="Optional: what changed, for whoever rolls it out."
          disabled={mutation.isPending}
        />
        <UploadField label="Firmware" upload={firmware} hint="The image or archive the jigs install (binary, zip, gzip, tar, xz), up to 1 GB." />
        <FormDialogActions formError={formErrorOf(form.formState.errors)} busy={mutation.isPending} submitLabel="Upload" onCancel={close} />
      </form>
    </FormDialog>
  );
}
