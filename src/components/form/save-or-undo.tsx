import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Button } from '../button';
import { FormError, formErrorOf } from './form-error';

/**
 * The foot of a form that edits a record in place on its page (not in a dialog): the form-level
 * refusal, "Undo changes" back to the saved values while anything is changed, and Save.
 */
export function SaveOrUndo<V extends FieldValues, T>({ form, saved, busy }: { form: UseFormReturn<V, unknown, T>; saved: V; busy: boolean }) {
  return (
    <>
      <FormError message={formErrorOf(form.formState.errors)} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" disabled={busy || !form.formState.isDirty} onClick={() => form.reset(saved)}>
          Undo changes
        </Button>
        <Button type="submit" busy={busy}>
          Save
        </Button>
      </div>
    </>
  );
}
