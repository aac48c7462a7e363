import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { PASSWORD_MIN, userUpdateInput, type UserUpdateInput } from '../../../contract/users';
import { userChanged, updateUser } from '../../api/users';
import { appActor } from '../../app/app-actor';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { contractResolver } from '../../components/form/contract-resolver';
import { FormError, formErrorOf } from '../../components/form/form-error';
import { applyServerErrors } from '../../components/form/server-errors';
import { TextField } from '../../components/form/text-field';
import { Notice } from '../../components/notice';

/** In the update schema every field is optional; here the two passwords are the point. */
const passwordChange = userUpdateInput.refine((v) => !!v.current_password, {
  message: 'Enter your current password.',
  path: ['current_password'],
});

/** Changing one's own password: the server checks the current one (API.md, contract/users). */
export function PasswordForm() {
  const client = useQueryClient();
  const form = useForm({
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
    resolver: contractResolver(passwordChange),
  });
  const [notice, setNotice] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: (input: UserUpdateInput) => updateUser('me', input),
    onSuccess: async (saved) => {
      appActor.send({ type: 'user.updated', user: saved });
      form.reset();
      setNotice('Password changed.');
      await userChanged(client, saved);
    },
    onError: (error) => applyServerErrors(error, form),
  });

  const submit = form.handleSubmit((input) => mutation.mutate(input));

  return (
    <Card title="Password">
      <form
        onSubmit={(event) => {
          setNotice(null);
          void submit(event);
        }}
        noValidate
        className="flex flex-col gap-4"
      >
        <TextField
          control={form.control}
          name="current_password"
          label="Current password"
          type="password"
          autoComplete="current-password"
        />
        <TextField
          control={form.control}
          name="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN} characters.`}
        />
        <TextField
          control={form.control}
          name="password_confirmation"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
        />
        <FormError message={formErrorOf(form.formState.errors)} />
        <Notice>{notice}</Notice>
        <div>
          <Button type="submit" busy={mutation.isPending}>
            Change password
          </Button>
        </div>
      </form>
    </Card>
  );
}
