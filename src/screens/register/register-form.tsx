import { useEffect } from 'react';
import { inviteRegisterInput, type InvitePreview } from '../../../contract/invites';
import { PASSWORD_MIN } from '../../../contract/users';
import type { InviteFailure, RegisterDraft } from '../../../machines/invite.machine';
import { Button } from '../../components/button';
import { FormError } from '../../components/form/form-error';
import { TextField } from '../../components/form/text-field';
import { useForm } from '../../components/form/use-form';

type Props = {
  invite: InvitePreview;
  /** What was typed before the last submit, so a refused one loses nothing. */
  draft: RegisterDraft;
  failure: InviteFailure | null;
  busy: boolean;
  onSubmit: (draft: RegisterDraft) => void;
};

/** A new account for the invited email: username, password and its confirmation. */
export function RegisterForm({ invite, draft, failure, busy, onSubmit }: Props) {
  const form = useForm({ ...draft, email: invite.email });
  // A refused submit shows beside its fields (until each is edited), the rest above the button,
  // exactly as a form's own failed call would; what was typed stays.
  useEffect(() => {
    if (failure) form.fail(failure);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failure]);

  const submit = form.onSubmit(() => {
    const { username, password, password_confirmation } = form.values;
    const input = form.validate(inviteRegisterInput, { username, password, password_confirmation });
    if (input) onSubmit({ username: input.username, password: input.password, password_confirmation: input.password_confirmation });
  });

  return (
    <form ref={form.formRef} onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextField
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        autoFocus
        {...form.field('username')}
        readOnly={busy}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        hint="The address the invitation was sent to; it cannot be changed here."
        {...form.field('email')}
        readOnly
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN} characters.`}
        {...form.field('password')}
        readOnly={busy}
      />
      <TextField
        label="Repeat password"
        type="password"
        autoComplete="new-password"
        {...form.field('password_confirmation')}
        readOnly={busy}
      />
      <FormError message={form.formError} />
      <Button type="submit" busy={busy} className="mt-1 w-full">
        Create account and join
      </Button>
    </form>
  );
}
