import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { DEVICE_STATUSES, manageDeviceUpdateInput, type ManageDevice, type ManageDeviceUpdateInput } from '../../../contract/devices';
import { batchChoicesOptions } from '../../api/batches';
import { correctDevice, correctPanel, devicesCorrected } from '../../api/manage-devices';
import { FormDialog, FormDialogActions } from '../../components/form-dialog';
import { contractResolver } from '../../components/form/contract-resolver';
import { formErrorOf } from '../../components/form/form-error';
import { SelectField } from '../../components/form/select-field';
import { applyServerErrors } from '../../components/form/server-errors';
import { TextField } from '../../components/form/text-field';
import { showSuccess } from '../../components/toast';
import { titleCase } from '../../lib/format';

type Values = { serial: string; status: string; production_batch_id: string; panel_id: string; whole_panel: boolean };

const valuesOf = (d: ManageDevice): Values => ({
  serial: d.serial,
  status: d.status,
  production_batch_id: String(d.production_batch_id),
  panel_id: d.panel_id ?? '',
  whole_panel: false,
});

/**
 * Only what the person changed goes: a board's serial and panel id are its own, so the whole
 * panel gets the status and batch alone.
 */
function changesOf(device: ManageDevice, v: Values): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (v.status !== device.status) body.status = v.status;
  if (v.production_batch_id !== String(device.production_batch_id)) {
    body.production_batch_id = v.production_batch_id === '' ? undefined : Number(v.production_batch_id);
  }
  if (v.whole_panel) return body;
  if (v.serial !== device.serial) body.serial = v.serial;
  if (v.panel_id.trim() !== (device.panel_id ?? '')) body.panel_id = v.panel_id;
  return body;
}

const boards = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'board' : 'boards'}`;

type Props = { device: ManageDevice; open: boolean; onOpenChange: (open: boolean) => void };

/**
 * Corrects one board (serial, status, batch of its project, panel id), or, for a board with a
 * panel id, applies its status and batch to every board of that panel at once. A released
 * board's status is final: the server refuses (409), and the message shows here.
 */
export function CorrectDeviceDialog({ device, open, onOpenChange }: Props) {
  const client = useQueryClient();
  const batches = useQuery({ ...batchChoicesOptions(device.project_id), enabled: open });
  const form = useForm<Values, unknown, ManageDeviceUpdateInput>({
    defaultValues: valuesOf(device),
    resolver: contractResolver(manageDeviceUpdateInput, (v: Values) => changesOf(device, v)),
  });
  const wholePanel = useWatch({ control: form.control, name: 'whole_panel' });
  const released = device.status === 'released';

  const mutation = useMutation({
    mutationFn: async (body: ManageDeviceUpdateInput) => {
      if (form.getValues('whole_panel') && device.panel_id) {
        const { status, production_batch_id } = body;
        const result = await correctPanel(device.panel_id, { status, production_batch_id });
        return `Panel “${result.panel_id}” corrected: ${boards(result.changed)} of ${result.device_count} changed.`;
      }
      const saved = await correctDevice(device.id, body);
      return `Board “${saved.serial}” corrected.`;
    },
    onSuccess: async (message) => {
      await devicesCorrected(client);
      onOpenChange(false);
      showSuccess(message);
    },
    onError: (error) => applyServerErrors(error, form),
  });

  const statusOptions = DEVICE_STATUSES.filter((s) => s !== 'released' || released).map((s) => ({ value: s, label: titleCase(s) }));
  const batchOptions = (batches.data?.data ?? []).map((b) => ({ value: String(b.id), label: b.name }));
  if (!batchOptions.some((o) => o.value === String(device.production_batch_id))) {
    batchOptions.unshift({ value: String(device.production_batch_id), label: device.production_batch_name });
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Correct board"
      description={`${device.serial} · ${device.company_name} · ${device.project_name}`}
      busy={mutation.isPending}
    >
      <form onSubmit={form.handleSubmit((body) => mutation.mutate(body))} noValidate className="flex flex-col gap-4">
        {device.panel_id ? (
          <label className="flex items-start gap-3 rounded-md border border-secondary/30 p-3 text-sm">
            <input type="checkbox" className="mt-0.5 size-4" {...form.register('whole_panel')} />
            <span>
              <span className="font-medium text-gray-900">Apply to the whole panel “{device.panel_id}”</span>
              <span className="block text-secondary">
                The status and batch below go to every board of the panel, or to none if one of them cannot take them.
              </span>
            </span>
          </label>
        ) : null}
        {!wholePanel ? <TextField control={form.control} name="serial" label="Serial" autoComplete="off" spellCheck={false} /> : null}
        <SelectField
          control={form.control}
          name="status"
          label="Status"
          options={statusOptions}
          hint={released && !wholePanel ? 'Released boards keep their status: they shipped.' : 'Released only through a release batch.'}
        />
        <SelectField
          control={form.control}
          name="production_batch_id"
          label="Production batch"
          options={batchOptions}
          hint={`A batch of ${device.project_name}.`}
        />
        {!wholePanel ? (
          <TextField
            control={form.control}
            name="panel_id"
            label="Panel id"
            autoComplete="off"
            spellCheck={false}
            hint="Boards built together on one panel share it; empty for none."
          />
        ) : null}
        <FormDialogActions
          formError={formErrorOf(form.formState.errors)}
          busy={mutation.isPending}
          submitLabel={wholePanel ? 'Correct the panel' : 'Save'}
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </FormDialog>
  );
}
