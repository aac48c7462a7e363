import { mdiDeleteForeverOutline } from '@mdi/js';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { DEFAULT_FILE_LIMITS, FILE_KIND_WORDS } from '../../../../contract/files';
import type { Repair } from '../../../../contract/repairs';
import { failureCodesOptions } from '../../../api/failure-codes';
import { completeRepair, repairsChanged } from '../../../api/repairs';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorPresenter } from '../../../components/error-presenter';
import { contractResolver } from '../../../components/form/contract-resolver';
import { FormError, formErrorOf } from '../../../components/form/form-error';
import { SelectField } from '../../../components/form/select-field';
import { TextAreaField } from '../../../components/form/text-area-field';
import { TextField } from '../../../components/form/text-field';
import { showSuccess } from '../../../components/toast';
import { UploadField } from '../../../components/upload-field/upload-field';
import { formatSize } from '../../../components/upload-field/upload-items';
import { useUploadDialog } from '../../../components/upload-field/use-upload-dialog';
import { useUploadField } from '../../../components/upload-field/use-upload-field';
import { emptyRepairForm, partsErrorsOnField, repairFormInput, repairFormSchema, type RepairFormOutput, type RepairFormValues } from './repair-form-values';

/**
 * The repair as done: the failure code (the company's live list), the action, the parts, notes
 * and a photo or file, sent as one multipart request. Repaired sends the board back to test;
 * Scrapped asks first, since the board is stopped for good. A refusal lands on its field (or on
 * the file) and everything typed and chosen stays.
 */
export function RepairForm({ repair, companyId }: { repair: Repair; companyId: number }) {
  const client = useQueryClient();
  const codes = useQuery(failureCodesOptions({ companyId, archived: false }));
  const [confirmScrap, setConfirmScrap] = useState(false);
  const form = useForm<RepairFormValues, unknown, RepairFormOutput>({
    defaultValues: emptyRepairForm(),
    resolver: contractResolver(repairFormSchema, repairFormInput),
  });
  // The repair kind's types and size are checked on the spot (contract/files.ts), before any byte is sent.
  const file = useUploadField({ field: 'file', kind: 'repair' });
  const { submit, busy } = useUploadDialog({
    form,
    upload: {
      ...file,
      // A refusal of one part (`parts.2`) shows on the one parts field.
      fail: (error) => {
        const rest = file.fail(error);
        return rest && { ...rest, fieldErrors: partsErrorsOnField(rest.fieldErrors) };
      },
    },
    // The record replaces the form once saved: nothing to go back to.
    empty: () => form.getValues(),
    fileRequired: false,
    send: (input, chosen, config) => completeRepair(repair.id, input, chosen, config),
    onSent: async (saved) => {
      await repairsChanged(client, saved);
      showSuccess(saved.status === 'scrapped' ? `Board ${saved.serial} scrapped.` : `Repair of ${saved.serial} recorded: the board goes back to test.`);
    },
    onClose: () => undefined,
  });

  const options = (codes.data ?? []).map((c) => ({ value: String(c.id), label: `${c.code} · ${c.description}` }));
  // The scrap is confirmed only once the form would be accepted: a dialog before a field error helps nobody.
  const askToScrap = async () => {
    form.setValue('outcome', 'scrapped');
    if ((await form.trigger()) && file.sendable()) setConfirmScrap(true);
  };

  return (
    <section aria-labelledby="repair-form" className="rounded-lg border border-secondary-light bg-white p-4 shadow-sm sm:p-5">
      <h3 id="repair-form" className="mb-4 text-base font-semibold text-gray-900">
        Record the repair
      </h3>
      <form
        onSubmit={(event) => {
          form.setValue('outcome', 'repaired');
          return submit(event);
        }}
        noValidate
        className="flex max-w-2xl flex-col gap-4"
      >
        {codes.isError ? <ErrorPresenter error={codes.error} title="Could not load the failure codes" /> : null}
        <SelectField
          control={form.control}
          name="failure_code_id"
          label="Failure code"
          options={options}
          placeholder={codes.isPending ? 'Loading…' : options.length ? 'Choose a failure code' : 'No failure codes yet: an admin adds them'}
          disabled={busy}
        />
        <TextAreaField control={form.control} name="action" label="Action taken" rows={3} disabled={busy} placeholder="Reflowed U3, replaced R12" />
        <TextField
          control={form.control}
          name="parts"
          label="Parts replaced"
          hint="Reference designators as on the board, separated by commas or spaces, e.g. R12, U3. Leave empty when none."
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          disabled={busy}
        />
        <TextAreaField control={form.control} name="notes" label="Notes" rows={3} hint="Optional." disabled={busy} />
        <UploadField
          label="Photo or file"
          upload={file}
          camera
          accept="image/*,application/pdf,text/plain"
          hint={`Optional: ${FILE_KIND_WORDS.repair} of the fault or the fix, up to ${formatSize(DEFAULT_FILE_LIMITS.repair)}.`}
          disabled={busy}
        />
        <FormError message={formErrorOf(form.formState.errors)} />
        <div className="flex flex-wrap justify-between gap-2">
          <Button type="submit" busy={busy && form.getValues('outcome') === 'repaired'} disabled={busy}>
            Record as repaired
          </Button>
          <Button variant="danger" icon={mdiDeleteForeverOutline} disabled={busy} busy={busy && form.getValues('outcome') === 'scrapped'} onClick={askToScrap}>
            Scrap the board
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirmScrap}
        onOpenChange={(open) => {
          setConfirmScrap(open);
          if (!open) form.setValue('outcome', 'repaired');
        }}
        title={`Scrap board ${repair.serial}?`}
        description="A scrapped board is stopped for good: no jig may test it again, and it cannot be repaired later."
        confirmLabel="Scrap the board"
        danger
        onConfirm={() => {
          setConfirmScrap(false);
          submit();
        }}
      />
    </section>
  );
}
