import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { MAX_PAGE_SIZE } from '../../../../../contract/list-query';
import type { TestProfile } from '../../../../../contract/test-profiles';
import type { PublishDetails } from '../../../../../machines/limit-what-if.machine';
import { projectTestProfilesOptions } from '../../../../api/test-profiles';
import { FormDialog, FormDialogActions } from '../../../../components/form-dialog';
import { formErrorOf } from '../../../../components/form/form-error';
import { applyServerErrors } from '../../../../components/form/server-errors';
import { TextAreaField } from '../../../../components/form/text-area-field';
import { TextField } from '../../../../components/form/text-field';
import { nextVersion } from '../../../../lib/next-version';
import { WHAT_IF_REASON_MAX } from '../../../../../contract/limit-what-if';

type Props = {
  profile: TestProfile;
  open: boolean;
  busy: boolean;
  /** The refusal of the last publish, shown on its fields. */
  failure: unknown;
  onCancel: () => void;
  onSubmit: (details: PublishDetails) => void;
};

/** "Publish as new draft": why (kept with the draft, shown to whoever activates it) and the draft's version. */
export function PublishDialog({ profile, open, busy, failure, onCancel, onSubmit }: Props) {
  const form = useForm<PublishDetails>({ defaultValues: { reason: '', version: '' } });
  const taken = useQuery({ ...projectTestProfilesOptions(profile.project_id)({ page: 1, limit: MAX_PAGE_SIZE, search: profile.name }), enabled: open });
  const proposed = taken.data ? nextVersion(profile.version, taken.data.data.filter((p) => p.name === profile.name).map((p) => p.version)) : null;
  useEffect(() => {
    if (proposed && open && !form.getFieldState('version').isDirty && form.getValues('version') === '') form.resetField('version', { defaultValue: proposed });
  }, [proposed, open, form]);
  useEffect(() => {
    if (failure) applyServerErrors(failure, form);
  }, [failure, form]);
  const submit = form.handleSubmit((values) => {
    const reason = values.reason.trim();
    if (!reason) return form.setError('reason', { message: 'Reason is required.' }, { shouldFocus: true });
    if (reason.length > WHAT_IF_REASON_MAX) return form.setError('reason', { message: `Reason is at most ${WHAT_IF_REASON_MAX} characters.` }, { shouldFocus: true });
    if (!values.version.trim()) return form.setError('version', { message: 'Version is required.' }, { shouldFocus: true });
    onSubmit({ reason, version: values.version.trim() });
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onCancel())}
      title="Publish as new draft"
      description={`A draft copying “${profile.name}” ${profile.version} with the proposed limits. The reason is kept with it, for whoever activates it.`}
      busy={busy}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextAreaField control={form.control} name="reason" label="Reason" rows={3} hint={`Why these limits: at most ${WHAT_IF_REASON_MAX} characters.`} />
        <TextField control={form.control} name="version" label="Version of the draft" />
        <FormDialogActions formError={formErrorOf(form.formState.errors)} busy={busy} submitLabel="Publish draft" onCancel={onCancel} />
      </form>
    </FormDialog>
  );
}
