import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { userUpdateInput, type UserUpdateInput } from '../../../contract/users';
import { PASSWORD_MIN } from '../../../contract/users';
import { userChanged, updateUser } from '../../api/users';
import { appActor } from '../../app/app-actor';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { FormError } from '../../components/form/form-error';
import { TextField } from '../../components/form/text-field';
import { useForm } from '../../components/form/use-form';
import { Notice } from '../../components/notice';

const empty = { current_password: '', password: '', password_confirmation: '' };

/** Changing one's own password: the server checks the current one (API.md, contract/users). */
export function PasswordForm() {
  const client = useQueryClient();
  const form = useForm(empty);
  const [notice, setNotice] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: (input: UserUpdateInput) => updateUser('me', input),
    onSuccess: async (saved) => {
      appActor.send({ type: 'user.updated', user: saved });
      form.setValues(empty);
      setNotice('Password changed.');
      await userChanged(client, saved);
    },
    onError: form.fail,
  });

  const submit = form.onSubmit(() => {
    setNotice(null);
    // In the update schema every field is optional; here the two passwords are the point.
    const input = form.validate(userUpdateInput.refine((v) => !!v.current_password, {
      message: 'Enter your current password.',
      path: ['current_password'],
    }), form.values);
    if (input) mutation.mutate(input);
  });

  return (
    <Card title="Password">
      <form ref={form.formRef} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          {...form.field('current_password')}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN} characters.`}
          {...form.field('password')}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          {...form.field('password_confirmation')}
        />
        <FormError message={form.formError} />
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
