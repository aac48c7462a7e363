import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { TEST_PAD_KINDS, TEST_PAD_SIDES, testPadInput, type TestPadInput } from '../../../../contract/test-points';
import { addTestPads } from '../../../api/requests';
import { toApiFailure } from '../../../api/client';
import { FormDialog, FormDialogActions } from '../../../components/form-dialog';
import { contractResolver } from '../../../components/form/contract-resolver';
import { formErrorOf } from '../../../components/form/form-error';
import { SelectField } from '../../../components/form/select-field';
import { applyServerErrors } from '../../../components/form/server-errors';
import { TextField } from '../../../components/form/text-field';
import { showSuccess } from '../../../components/toast';
import { KIND_LABELS } from './pad-labels';

type Values = { name: string; net: string; x: string; y: string; side: string; diameter: string; kind: string };
const empty = (): Values => ({ name: '', net: '', x: '', y: '', side: 'top', diameter: '', kind: 'pad' });

/** A number typed as text: the number, nothing when empty, else the text (so the message quotes it). */
const numberOf = (text: string) => (text.trim() === '' ? undefined : Number.isFinite(Number(text)) ? Number(text) : text);
const toInput = (v: Values) => ({
  ...v,
  x: numberOf(v.x),
  y: numberOf(v.y),
  diameter: numberOf(v.diameter) ?? null,
});

/** The server checks the pad as the first of a list: `pads.0.name` is this form's `name`. */
export function padFailure(error: unknown) {
  const failure = toApiFailure(error);
  const fieldErrors = Object.fromEntries(Object.entries(failure.fieldErrors).map(([key, messages]) => [key.replace(/^pads\.0\./, ''), messages]));
  return { ...failure, fieldErrors };
}

/** One pad typed in (mm from the board origin), sent as a one-pad `POST /requests/{id}/testpads`. */
export function AddPadDialog({ requestId, open, onOpenChange, onAdded }: { requestId: number; open: boolean; onOpenChange: (open: boolean) => void; onAdded: () => void }) {
  const form = useForm<Values, unknown, TestPadInput>({ defaultValues: empty(), resolver: contractResolver(testPadInput, toInput) });
  const mutation = useMutation({
    mutationFn: (pad: TestPadInput) => addTestPads(requestId, { pads: [pad] }),
    onSuccess: ([pad]) => {
      onAdded();
      showSuccess(`Pad ${pad?.name ?? ''} added.`);
      close();
    },
    onError: (error) => applyServerErrors(padFailure(error), form),
  });
  const close = () => {
    form.reset(empty());
    mutation.reset();
    onOpenChange(false);
  };
  const busy = mutation.isPending;
  return (
    <FormDialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())} title="Add a test pad" description="Coordinates and diameter in mm from the board origin (bottom left)." busy={busy}>
      <form onSubmit={form.handleSubmit((pad) => mutation.mutate(pad))} noValidate className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField control={form.control} name="name" label="Name" autoComplete="off" placeholder="TP12" />
          <TextField control={form.control} name="net" label="Net" autoComplete="off" placeholder="GND" hint="Optional." />
          <TextField control={form.control} name="x" label="X (mm)" inputMode="decimal" />
          <TextField control={form.control} name="y" label="Y (mm)" inputMode="decimal" />
          <SelectField control={form.control} name="side" label="Side" options={TEST_PAD_SIDES.map((s) => ({ value: s, label: s === 'top' ? 'Top' : 'Bottom' }))} />
          <TextField control={form.control} name="diameter" label="Diameter (mm)" inputMode="decimal" hint="Optional." />
          <SelectField control={form.control} name="kind" label="Kind" options={TEST_PAD_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))} />
        </div>
        <FormDialogActions formError={formErrorOf(form.formState.errors)} busy={busy} submitLabel="Add pad" onCancel={close} />
      </form>
    </FormDialog>
  );
}
