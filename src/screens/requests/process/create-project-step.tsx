import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { createProjectInput, type CreateProjectInput } from '../../../../contract/requests';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { DefinitionList } from '../../../components/definition-list';
import { contractResolver } from '../../../components/form/contract-resolver';
import { FormError, formErrorOf } from '../../../components/form/form-error';
import { applyServerErrors } from '../../../components/form/server-errors';
import { TextAreaField } from '../../../components/form/text-area-field';
import { TextField } from '../../../components/form/text-field';
import type { StepPanelProps } from './step-props';

/** What the form sends: both fields, as the request machine's `project.create` event carries them. */
export type ProjectValues = { name: string; description: string };
type Values = ProjectValues;

export type CreateProjectStepProps = StepPanelProps & {
  /**
   * Makes the project (the request machine invokes `createProjectFromRequest`). A promise that
   * rejects shows its error here; so does `error`, for a shell that reports the machine's failure.
   */
  onCreate: (values: ProjectValues) => void | Promise<unknown>;
  /** What was sent last (the machine's `projectDraft`): the form starts from it after a failure. */
  draft?: ProjectValues | null;
  /** While the machine is creating the project. */
  busy?: boolean;
  /** The machine's last failure to create it. */
  error?: unknown;
};

const count = (n: number, noun: string) => `${n.toLocaleString('en')} ${noun}${n === 1 ? '' : 's'}`;

/**
 * The last step: what the project gets (the request's company, its pads, groups, modules and
 * cartridges) and its name and description, prefilled from the request. A refusal shows with the
 * form as it was typed, so nothing has to be typed again.
 */
export function CreateProjectStep({ request, onCreate, draft, busy = false, error }: CreateProjectStepProps) {
  const form = useForm<Values, unknown, CreateProjectInput>({
    defaultValues: draft ?? { name: request.projectname, description: request.projectdescription },
    resolver: contractResolver(createProjectInput),
  });
  const [pending, setPending] = useState(false);
  useEffect(() => {
    if (error) applyServerErrors(error, form);
  }, [error, form]);

  const submit = form.handleSubmit(async (values) => {
    form.clearErrors('root');
    setPending(true);
    try {
      await onCreate({ name: values.name ?? '', description: values.description ?? '' });
    } catch (failure) {
      applyServerErrors(failure, form);
    } finally {
      setPending(false);
    }
  });
  const { progress } = request;

  return (
    <div className="flex flex-col gap-4">
      <Card title="What the project gets" headingLevel={3}>
        <DefinitionList
          items={[
            { term: 'Company', value: request.company.name },
            { term: 'Test pads', value: `${count(progress.pads, 'pad')} (${count(progress.probed_pads, 'probed pad')})` },
            { term: 'Pad groups', value: count(progress.groups, 'group') },
            { term: 'Modules', value: count(progress.modules, 'module') },
            { term: 'Cartridges', value: count(progress.cartridges, 'cartridge') },
          ]}
        />
      </Card>
      <Card title="The project" headingLevel={3}>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <TextField control={form.control} name="name" label="Project name" autoComplete="off" />
          <TextAreaField control={form.control} name="description" label="Description" />
          <FormError message={formErrorOf(form.formState.errors)} />
          <div className="flex justify-end">
            <Button type="submit" busy={busy || pending}>
              Create project
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
