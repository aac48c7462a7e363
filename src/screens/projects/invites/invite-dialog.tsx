import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { inviteCreateInput, type InviteCreateInput, type InviteSent } from '../../../../contract/invites';
import type { Project } from '../../../../contract/projects';
import { createInvite, invitesChanged } from '../../../api/invites';
import { manufacturerChoicesOptions } from '../../../api/manufacturers';
import { useSession } from '../../../app/app-actor';
import { Button } from '../../../components/button';
import { FormDialog, FormDialogActions } from '../../../components/form-dialog';
import { contractResolver } from '../../../components/form/contract-resolver';
import { formErrorOf } from '../../../components/form/form-error';
import { SelectField } from '../../../components/form/select-field';
import { applyServerErrors } from '../../../components/form/server-errors';
import { TextField } from '../../../components/form/text-field';
import { mayInviteAs } from '../../../../contract/permissions';
import { deliveredTitle, InviteDelivered } from './invite-delivered';
import { inviteRoleOptions } from './invite-status';

type Props = { project: Project; open: boolean; onOpenChange: (open: boolean) => void };

type Values = { email: string; role: string; manufacturer_id: string };

/** No role chosen is a missing role; no manufacturer means the project's own company. */
const toInput = ({ email, role, manufacturer_id }: Values) => ({
  email,
  role: role || undefined,
  manufacturer_id: manufacturer_id ? Number(manufacturer_id) : null,
});

/**
 * "Invite someone": email, role, and the manufacturer whose company a new account joins; then
 * "sent" (a mail server is set up) or the link, once.
 */
export function InviteDialog({ project, open, onOpenChange }: Props) {
  const client = useQueryClient();
  const session = useSession();
  const form = useForm<Values, unknown, InviteCreateInput>({
    defaultValues: { email: '', role: '', manufacturer_id: '' },
    resolver: contractResolver(inviteCreateInput, toInput),
  });
  const [created, setCreated] = useState<InviteSent | null>(null);
  const manufacturers = useQuery({ ...manufacturerChoicesOptions(project.id), enabled: open });
  const mutation = useMutation({
    mutationFn: (input: InviteCreateInput) => createInvite(project.id, input),
    onSuccess: async (invite) => {
      setCreated(invite);
      form.reset();
      await invitesChanged(client, project.id);
    },
    onError: (error) => applyServerErrors(error, form),
  });

  // Closing forgets the link: it is shown once, by design.
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setCreated(null);
      mutation.reset();
    }
  };

  const manufacturerOptions = [
    { value: '', label: `None: joins ${session?.company && session.company.id === project.company_id ? session.company.name : 'the project’s company'}` },
    ...(manufacturers.data?.data ?? []).map((m) => ({ value: String(m.id), label: m.name })),
  ];

  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title={created ? deliveredTitle(created, false) : 'Invite someone'}
      description={created ? undefined : `To the project ${project.name}.`}
      busy={mutation.isPending}
    >
      {created ? (
        <div className="flex flex-col gap-4">
          <InviteDelivered sent={created} />
          <div className="flex justify-end">
            <Button onClick={() => close(false)}>Done</Button>
          </div>
        </div>
      ) : (
        <form onSubmit={form.handleSubmit((input) => mutation.mutate(input))} noValidate className="flex flex-col gap-4">
          <TextField control={form.control} name="email" label="Email" type="email" autoComplete="off" />
          <SelectField
            control={form.control}
            name="role"
            label="Role"
            placeholder="Choose a role"
            options={inviteRoleOptions(!!session?.user && mayInviteAs(session.user, 'admin', project.company_id))}
            hint="What a new account may do. Someone who has an account keeps their roles."
          />
          <SelectField
            control={form.control}
            name="manufacturer_id"
            label="Manufacturer"
            options={manufacturerOptions}
            hint="For a manufacturer’s people: the first new account creates that manufacturer’s company and reads this project; once the company exists, its admins add their people, who log in and accept."
          />
          <FormDialogActions
            formError={formErrorOf(form.formState.errors)}
            busy={mutation.isPending}
            submitLabel="Create invitation"
            onCancel={() => close(false)}
          />
        </form>
      )}
    </FormDialog>
  );
}
