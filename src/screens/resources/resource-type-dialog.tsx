import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { resourceTypeCreateInput, type ResourceType } from '../../../contract/resources';
import { allPinTypesOptions, createResourceType, resourceTypesChanged, updateResourceType } from '../../api/resources';
import { ErrorPresenter } from '../../components/error-presenter';
import { FormDialog, FormDialogActions } from '../../components/form-dialog';
import { CheckboxGroup } from '../../components/form/checkbox-group';
import { contractResolver } from '../../components/form/contract-resolver';
import { formErrorOf } from '../../components/form/form-error';
import { applyServerErrors } from '../../components/form/server-errors';
import { TextAreaField } from '../../components/form/text-area-field';
import { TextField } from '../../components/form/text-field';
import { LoadingBlock } from '../../components/spinner';
import { showSuccess } from '../../components/toast';

type Props = { resourceType?: ResourceType; open: boolean; onOpenChange: (open: boolean) => void };
type Values = { name: string; description: string; pin_type_ids: number[] };

/**
 * Creates a resource type, or edits one (`resourceType`): its name, description and the pin types
 * whose connector pins may serve it. A refusal (a taken name, a pin type the pin map still uses)
 * lands on its field and keeps what was typed and ticked.
 */
export function ResourceTypeDialog({ resourceType, open, onOpenChange }: Props) {
  const client = useQueryClient();
  const pinTypes = useQuery({ ...allPinTypesOptions(), enabled: open });
  const empty: Values = {
    name: resourceType?.name ?? '',
    description: resourceType?.description ?? '',
    pin_type_ids: resourceType?.pin_types.map((p) => p.id) ?? [],
  };
  const form = useForm<Values>({ defaultValues: empty, resolver: contractResolver(resourceTypeCreateInput) });
  const mutation = useMutation({
    mutationFn: (input: Values) => (resourceType ? updateResourceType(resourceType.id, input) : createResourceType(input)),
    onSuccess: async (saved) => {
      await resourceTypesChanged(client);
      close();
      showSuccess(resourceType ? `Changes to resource type “${saved.name}” saved.` : `Resource type “${saved.name}” created.`);
    },
    onError: (error) => applyServerErrors(error, form),
  });
  const close = () => {
    form.reset(empty);
    mutation.reset();
    onOpenChange(false);
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={resourceType ? 'Edit resource type' : 'New resource type'}
      description="Something a test needs from a cartridge: a power rail, a voltage sense, digital I/O…"
      busy={mutation.isPending}
    >
      <form onSubmit={form.handleSubmit((input) => mutation.mutate(input))} noValidate className="flex flex-col gap-4">
        <TextField control={form.control} name="name" label="Name" placeholder="Power rail" />
        <TextAreaField control={form.control} name="description" label="Description" hint="Optional." />
        {pinTypes.isPending ? (
          <LoadingBlock label="Loading pin types" />
        ) : pinTypes.isError ? (
          <ErrorPresenter error={pinTypes.error} title="Could not load the pin types" />
        ) : (
          <CheckboxGroup
            control={form.control}
            name="pin_type_ids"
            legend="Allowed pin types"
            options={pinTypes.data.map((p) => ({ value: p.id, label: p.name }))}
            hint={pinTypes.data.length ? 'Connector pins of these types may serve it.' : 'No pin types yet: create them under Pin types.'}
          />
        )}
        <FormDialogActions
          formError={formErrorOf(form.formState.errors)}
          busy={mutation.isPending}
          submitLabel={resourceType ? 'Save' : 'Create'}
          onCancel={close}
        />
      </form>
    </FormDialog>
  );
}
