import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { cartridgeFirmwareFields, type CartridgeFirmwareFields, type CartridgeTypeDetail } from '../../../contract/cartridge-types';
import { cartridgeTypeChanged, uploadCartridgeFirmware } from '../../api/cartridge-types';
import type { UploadConfig } from '../../api/enclosure-updates';
import { FormDialog, FormDialogActions } from '../../components/form-dialog';
import { contractResolver } from '../../components/form/contract-resolver';
import { formErrorOf } from '../../components/form/form-error';
import { applyServerErrors } from '../../components/form/server-errors';
import { TextAreaField } from '../../components/form/text-area-field';
import { TextField } from '../../components/form/text-field';
import { UploadField } from '../../components/upload-field/upload-field';
import { useUploadField } from '../../components/upload-field/use-upload-field';
import { showSuccess } from '../../components/toast';

type Props = { type: Pick<CartridgeTypeDetail, 'id' | 'name'>; open: boolean; onOpenChange: (open: boolean) => void };

const empty = { version: '', description: '' };

type Sending = { input: CartridgeFirmwareFields; firmware: File; config: UploadConfig };

/**
 * "Upload firmware" for a cartridge type: version, description and the file, one multipart
 * request with its progress on the file. A refusal (a taken version, too large, wrong type)
 * shows where it belongs, keeping everything typed and chosen.
 */
export function UploadCartridgeFirmwareDialog({ type, open, onOpenChange }: Props) {
  const client = useQueryClient();
  const form = useForm({ defaultValues: empty, resolver: contractResolver(cartridgeFirmwareFields) });
  const firmware = useUploadField({ field: 'firmware' });
  const mutation = useMutation({
    mutationFn: ({ input, firmware: file, config }: Sending) => uploadCartridgeFirmware(type.id, { ...input, firmware: file }, config),
    onSuccess: async (uploaded) => {
      firmware.finish();
      await cartridgeTypeChanged(client);
      close();
      showSuccess(`Firmware ${uploaded.version} of “${type.name}” uploaded.`);
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
      description={`A new firmware version of ${type.name}.`}
      busy={mutation.isPending}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField control={form.control} name="version" label="Version" placeholder="1.6.0" disabled={mutation.isPending} />
        <TextAreaField control={form.control} name="description" label="Description" hint="Optional: what this release changes." disabled={mutation.isPending} />
        <UploadField label="Firmware" upload={firmware} hint="The image or archive (binary, zip, gzip, tar, xz), up to 1 GB." />
        <FormDialogActions formError={formErrorOf(form.formState.errors)} busy={mutation.isPending} submitLabel="Upload" onCancel={close} />
      </form>
    </FormDialog>
  );
}
