import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { inviteRegisterInput, type InvitePreview, type InviteRegisterInput } from '../../../contract/invites';
import { PASSWORD_MIN } from '../../../contract/users';
import type { InviteFailure, RegisterDraft } from '../../../machines/invite.machine';
import { Button } from '../../components/button';
import { contractResolver } from '../../components/form/contract-resolver';
import { FormError, formErrorOf } from '../../components/form/form-error';
import { applyServerErrors } from '../../components/form/server-errors';
import { TextField } from '../../components/form/text-field';

type Props = {
  invite: InvitePreview;
  /** What was typed before the last submit, so a refused one loses nothing. */
  draft: RegisterDraft;
  failure: InviteFailure | null;
  busy: boolean;
  onSubmit: (draft: RegisterDraft) => void;
};

type Values = RegisterDraft & { email: string };

/** The email is shown, not sent: the server takes the invited one. */
const toInput = ({ username, password, password_confirmation }: Values) => ({ username, password, password_confirmation });

/** A new account for the invited email: username, password and its confirmation. */
export function RegisterForm({ invite, draft, failure, busy, onSubmit }: Props) {
  const form = useForm<Values, unknown, InviteRegisterInput>({
    defaultValues: { ...draft, email: invite.email },
    resolver: contractResolver(inviteRegisterInput, toInput),
  });
  const { setError, getValues } = form;
  // A refused submit shows beside its fields, the rest above the button, exactly as a form's
  // own failed call would; what was typed stays.
  useEffect(() => {
    if (failure) applyServerErrors(failure, { setError, getValues });
  }, [failure, setError, getValues]);

  const submit = form.handleSubmit((input) =>
    onSubmit({ username: input.username, password: input.password, password_confirmation: input.password_confirmation }),
  );

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextField
        control={form.control}
        name="username"
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        autoFocus
        readOnly={busy}
      />
      <TextField
        control={form.control}
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        hint="The address the invitation was sent to; it cannot be changed here."
        readOnly
      />
      <TextField
        control={form.control}
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN} characters.`}
        readOnly={busy}
      />
      <TextField
        control={form.control}
        name="password_confirmation"
        label="Repeat password"
        type="password"
        autoComplete="new-password"
        readOnly={busy}
      />
      <FormError message={formErrorOf(form.formState.errors)} />
      <Button type="submit" busy={busy} className="mt-1 w-full">
        Create account and join
      </Button>
    </form>
  );
}
