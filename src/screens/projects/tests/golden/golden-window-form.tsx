import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { goldenWindowSchema, type GoldenWindow } from '../../../../../contract/readiness';
import { changeGoldenWindow, goldenWindowChanged, goldenWindowOptions } from '../../../../api/readiness';
import { Button } from '../../../../components/button';
import { ErrorPresenter } from '../../../../components/error-presenter';
import { contractResolver } from '../../../../components/form/contract-resolver';
import { applyServerErrors } from '../../../../components/form/server-errors';
import { TextField } from '../../../../components/form/text-field';
import { showSuccess } from '../../../../components/toast';

type Values = { window_hours: string };
/** The hours as a number when they are digits; anything else goes as typed, so the contract's words say what is wrong. */
const toInput = (v: Values) => ({ window_hours: /^\d+$/.test(v.window_hours.trim()) ? Number(v.window_hours.trim()) : v.window_hours });

/**
 * How long a golden unit's right answer keeps a jig ready. Those who edit golden units set it;
 * everyone else reads it in the sentence above the list.
 */
export function GoldenWindowForm({ projectId, canEdit }: { projectId: number; canEdit: boolean }) {
  const client = useQueryClient();
  const query = useQuery(goldenWindowOptions(projectId));
  const form = useForm<Values, unknown, GoldenWindow>({ defaultValues: { window_hours: '' }, resolver: contractResolver(goldenWindowSchema, toInput) });
  const hours = query.data?.window_hours;
  // The stored value fills the field once it is known, and again after a save.
  useEffect(() => {
    if (hours !== undefined) form.reset({ window_hours: String(hours) });
  }, [hours, form]);
  const mutation = useMutation({
    mutationFn: (input: GoldenWindow) => changeGoldenWindow(projectId, input.window_hours),
    onSuccess: async (saved) => {
      await goldenWindowChanged(client, projectId);
      showSuccess(`A right answer now keeps a jig ready for ${saved.window_hours} hours.`);
    },
    onError: (error) => applyServerErrors(error, form),
  });
  if (query.isError) return <ErrorPresenter error={query.error} title="Could not load the golden window" />;
  if (hours === undefined) return null;
  if (!canEdit) return <p className="mb-3 text-sm text-secondary">A right answer keeps a jig ready for {hours} hours.</p>;
  return (
    <form onSubmit={form.handleSubmit((input) => mutation.mutate(input))} noValidate className="mb-4 flex flex-wrap items-end gap-3">
      <TextField
        control={form.control}
        name="window_hours"
        label="Window (hours)"
        hint="How long a golden unit’s right answer keeps a jig ready."
        inputMode="numeric"
        autoComplete="off"
        disabled={mutation.isPending}
      />
      <Button type="submit" variant="secondary" busy={mutation.isPending} disabled={!form.formState.isDirty}>
        Save window
      </Button>
    </form>
  );
}
