import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import {
  addDays,
  CALIBRATION_RESULT_LABELS,
  CALIBRATION_RESULTS,
  calibrationInput,
  MAX_MEASURED_VALUES,
  todayUtc,
  type CalibrationInput,
  type Cartridge,
} from '../../../contract/cartridges';
import { cartridgesChanged, recordCalibration } from '../../api/cartridges';
import { FormDialog, FormDialogActions } from '../../components/form-dialog';
import { contractResolver } from '../../components/form/contract-resolver';
import { FieldRows } from '../../components/form/field-rows';
import { formErrorOf } from '../../components/form/form-error';
import { SelectField } from '../../components/form/select-field';
import { TextAreaField } from '../../components/form/text-area-field';
import { TextField } from '../../components/form/text-field';
import { UploadField } from '../../components/upload-field/upload-field';
import { useUploadDialog } from '../../components/upload-field/use-upload-dialog';
import { useUploadField } from '../../components/upload-field/use-upload-field';
import { showSuccess } from '../../components/toast';

type Props = { cartridge: Pick<Cartridge, 'id' | 'serial'>; open: boolean; onOpenChange: (open: boolean) => void };

/** The form's values: text as typed; a measured value becomes a number for the check and the body. */
type Values = {
  calibrated_at: string;
  due_at: string;
  result: string;
  values: { name: string; value: string; unit: string }[];
  notes: string;
};

const emptyValues = (): Values => {
  const today = todayUtc();
  return { calibrated_at: today, due_at: addDays(today, 365), result: 'pass', values: [], notes: '' };
};

/** "0.012" → 0.012; empty → missing ("Value is required."); other text stays text ("Value is a number, not …"). */
function toInput(values: Values) {
  return {
    ...values,
    values: values.values.map((row) => {
      const text = row.value.trim();
      const number = text === '' ? undefined : Number(text);
      return { ...row, value: number === undefined ? undefined : Number.isFinite(number) ? number : text };
    }),
  };
}

const RESULT_OPTIONS = CALIBRATION_RESULTS.map((r) => ({ value: r, label: CALIBRATION_RESULT_LABELS[r] }));

/**
 * "Record calibration": dates, result, the measured values as rows, notes and, optionally, the
 * certificate (PDF or image) with its upload progress. The cartridge's due date and status follow.
 */
export function RecordCalibrationDialog({ cartridge, open, onOpenChange }: Props) {
  const client = useQueryClient();
  const form = useForm<Values, unknown, CalibrationInput>({ defaultValues: emptyValues(), resolver: contractResolver(calibrationInput, toInput) });
  const certificate = useUploadField({ field: 'certificate', kind: 'certificate' });
  const { submit, close, busy } = useUploadDialog({
    form,
    upload: certificate,
    empty: emptyValues,
    fileRequired: false,
    send: (input, file, config) => recordCalibration(cartridge.id, input, file, config),
    onSent: async (calibration) => {
      await cartridgesChanged(client);
      showSuccess(`Calibration of “${cartridge.serial}” recorded, due ${calibration.due_at}.`);
    },
    onClose: () => onOpenChange(false),
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Record calibration"
      description={`Cartridge ${cartridge.serial}: its due date becomes the newest calibration's.`}
      busy={busy}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField control={form.control} name="calibrated_at" label="Calibrated on" type="date" disabled={busy} />
          <TextField control={form.control} name="due_at" label="Due on" type="date" disabled={busy} />
          <SelectField control={form.control} name="result" label="Result" options={RESULT_OPTIONS} disabled={busy} />
        </div>
        <FieldRows
          control={form.control}
          name="values"
          legend="Measured values"
          noun="value"
          newRow={() => ({ name: '', value: '', unit: '' })}
          max={MAX_MEASURED_VALUES}
          empty={<p className="text-sm text-secondary">No measured values. Add the ones on the certificate.</p>}
        >
          {(index) => (
            <>
              <TextField control={form.control} name={`values.${index}.name`} label="Name" placeholder="R_contact" disabled={busy} />
              <div className="grid grid-cols-2 gap-3">
                <TextField control={form.control} name={`values.${index}.value`} label="Value" inputMode="decimal" disabled={busy} />
                <TextField control={form.control} name={`values.${index}.unit`} label="Unit" placeholder="Ω" disabled={busy} />
              </div>
            </>
          )}
        </FieldRows>
        <TextAreaField control={form.control} name="notes" label="Notes" hint="Optional: lab, instrument, conditions." disabled={busy} />
        <UploadField label="Certificate" upload={certificate} hint="Optional: the certificate as a PDF or an image, up to 20 MB." />
        <FormDialogActions formError={formErrorOf(form.formState.errors)} busy={busy} submitLabel="Record" onCancel={close} />
      </form>
    </FormDialog>
  );
}
