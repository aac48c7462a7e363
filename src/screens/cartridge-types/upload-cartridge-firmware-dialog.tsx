import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { cartridgeFirmwareFields, type CartridgeTypeDetail } from '../../../contract/cartridge-types';
import { cartridgeTypeChanged, uploadCartridgeFirmware } from '../../api/cartridge-types';
import { FormDialog, FormDialogActions } from '../../components/form-dialog';
import { contractResolver } from '../../components/form/contract-resolver';
import { formErrorOf } from '../../components/form/form-error';
import { TextAreaField } from '../../components/form/text-area-field';
import { TextField } from '../../components/form/text-field';
import { UploadField } from '../../components/upload-field/upload-field';
import { useUploadDialog } from '../../components/upload-field/use-upload-dialog';
import { useUploadField } from '../../components/upload-field/use-upload-field';
import { showSuccess } from '../../components/toast';

type Props = { type: Pick<CartridgeTypeDetail, 'id' | 'name'>; open: boolean; onOpenChange: (open: boolean) => void };

const empty = { version: '', description: '' };

/**
 * "Upload firmware" for a cartridge type: version, description and the file, one multipart
 * request with its progress on the file. A refusal (a taken version, too large, wrong type)
 * shows where it belongs, keeping everything typed and chosen.
 */
export function UploadCartridgeFirmwareDialog({ type, open, onOpenChange }: Props) {
  const client = useQueryClient();
  const form = useForm({ defaultValues: empty, resolver: contractResolver(cartridgeFirmwareFields) });
  const firmware = useUploadField({ field: 'firmware', kind: 'firmware' });
  const { submit, close, busy } = useUploadDialog({
    form,
    upload: firmware,
    empty: () => empty,
    fileRequired: true,
    send: (input, file, config) => uploadCartridgeFirmware(type.id, { ...input, firmware: file! }, config),
    onSent: async (uploaded) => {
      await cartridgeTypeChanged(client);
      showSuccess(`Firmware ${uploaded.version} of “${type.name}” uploaded.`);
    },
    onClose: () => onOpenChange(false),
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Upload firmware"
      description={`A new firmware version of ${type.name}.`}
      busy={busy}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField control={form.control} name="version" label="Version" placeholder="1.6.0" disabled={busy} />
        <TextAreaField control={form.control} name="description" label="Description" hint="Optional: what this release changes." disabled={busy} />
        <UploadField label="Firmware" upload={firmware} hint="The image or archive (binary, zip, gzip, tar, xz), up to 1 GB." />
        <FormDialogActions formError={formErrorOf(form.formState.errors)} busy={busy} submitLabel="Upload" onCancel={close} />
      </form>
    </FormDialog>
  );
}
