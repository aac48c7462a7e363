import { useEffect, useState } from 'react';
import { inviteRegisterInput, type InvitePreview } from '../../../contract/invites';
import { PASSWORD_MIN } from '../../../contract/users';
import type { InviteFailure, RegisterDraft } from '../../../machines/invite.machine';
import { Button } from '../../components/button';
import { FormError } from '../../components/form/form-error';
import { TextField } from '../../components/form/text-field';
import { useForm } from '../../components/form/use-form';

type Field = keyof RegisterDraft | 'email';
const FIELDS: Field[] = ['username', 'email', 'password', 'password_confirmation'];

type Props = {
  invite: InvitePreview;
  /** What was typed before the last submit, so a refused one loses nothing. */
  draft: RegisterDraft;
  failure: InviteFailure | null;
  busy: boolean;
  onSubmit: (draft: RegisterDraft) => void;
};

/**
 * The server's answer to the last submit, per field, until the user changes that field: the
 * message was about the old value.
 */
function useServerErrors(failure: InviteFailure | null) {
  const [edited, setEdited] = useState<{ of: InviteFailure | null; fields: string[] }>({ of: null, fields: [] });
  const errorsOf = (name: Field) => {
    if (!failure || (edited.of === failure && edited.fields.includes(name))) return undefined;
    const first = failure.fieldErrors[name]?.[0];
    return first ? [first] : undefined;
  };
  const touch = (name: Field) =>
    setEdited((e) => (e.of === failure ? { of: failure, fields: [...e.fields, name] } : { of: failure, fields: [name] }));
  // Whatever no field shows: a dropped connection, a 5xx, or an error about another key.
  const formError = !failure
    ? null
    : Object.keys(failure.fieldErrors).length === 0
      ? failure.message
      : Object.entries(failure.fieldErrors)
          .filter(([k]) => !FIELDS.includes(k as Field))
          .flatMap(([, v]) => v)
          .join(' ') || null;
  return { errorsOf, touch, formError };
}

/** A new account for the invited email: username, password and its confirmation. */
export function RegisterForm({ invite, draft, failure, busy, onSubmit }: Props) {
  const form = useForm({ ...draft, email: invite.email });
  const server = useServerErrors(failure);

  // A refused submit: take the user to the first field the server named.
  useEffect(() => {
    if (failure && Object.keys(failure.fieldErrors).length) {
      requestAnimationFrame(() => form.formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failure]);

  const field = (name: Field) => {
    const own = form.field(name);
    return {
      ...own,
      errors: own.errors ?? server.errorsOf(name),
      onValueChange: (value: string) => {
        own.onValueChange(value);
        server.touch(name);
      },
    };
  };

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
        {...field('username')}
        readOnly={busy}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        hint="The address the invitation was sent to; it cannot be changed here."
        {...field('email')}
        readOnly
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN} characters.`}
        {...field('password')}
        readOnly={busy}
      />
      <TextField
        label="Repeat password"
        type="password"
        autoComplete="new-password"
        {...field('password_confirmation')}
        readOnly={busy}
      />
      <FormError message={form.formError ?? server.formError} />
      <Button type="submit" busy={busy} className="mt-1 w-full">
        Create account and join
      </Button>
    </form>
  );
}
