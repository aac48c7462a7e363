import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { User } from '../../../contract/users';
import { userUpdateInput } from '../../../contract/users';
import { userChanged, updateUser } from '../../api/users';
import { appActor } from '../../app/app-actor';
import { useLeaveGuard } from '../../app/use-leave-guard';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { FormError } from '../../components/form/form-error';
import { TextField } from '../../components/form/text-field';
import { useForm } from '../../components/form/use-form';
import { Notice } from '../../components/notice';

/** Username and email of the signed-in user (`PATCH /users/me`). */
export function ProfileForm({ user }: { user: User }) {
  const client = useQueryClient();
  const form = useForm({ username: user.username, email: user.email });
  const [notice, setNotice] = useState<string | null>(null);
  useLeaveGuard(form.dirty, 'Your changes to your profile are not saved yet.');

  const mutation = useMutation({
    mutationFn: (input: { username?: string; email?: string }) => updateUser('me', input),
    onSuccess: async (saved) => {
      // The root actor keeps the session (and `user-profile`) in step; the top bar follows.
      appActor.send({ type: 'user.updated', user: saved });
      form.reset({ username: saved.username, email: saved.email });
      setNotice('Profile saved.');
      await userChanged(client, saved);
    },
    onError: form.fail,
  });

  const submit = form.onSubmit(() => {
    setNotice(null);
    const input = form.validate(userUpdateInput, form.values);
    if (!input) return;
    // Only what changed, so an unchanged username is not checked for uniqueness again.
    const changes = {
      ...(input.username !== user.username ? { username: input.username } : {}),
      ...(input.email !== user.email ? { email: input.email } : {}),
    };
    if (Object.keys(changes).length === 0) setNotice('Nothing to save: the profile is unchanged.');
    else mutation.mutate(changes);
  });

  return (
    <Card title="Profile">
      <form ref={form.formRef} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...form.field('username')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          {...form.field('email')}
        />
        <FormError message={form.formError} />
        <Notice>{notice}</Notice>
        <div>
          <Button type="submit" busy={mutation.isPending}>
            Save profile
          </Button>
        </div>
      </form>
    </Card>
  );
}
