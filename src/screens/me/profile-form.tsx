import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { User } from '../../../contract/users';
import { userUpdateInput, type UserUpdateInput } from '../../../contract/users';
import { userChanged, updateUser } from '../../api/users';
import { appActor } from '../../app/app-actor';
import { useLeaveGuard } from '../../app/use-leave-guard';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { contractResolver } from '../../components/form/contract-resolver';
import { FormError, formErrorOf } from '../../components/form/form-error';
import { applyServerErrors } from '../../components/form/server-errors';
import { TextField } from '../../components/form/text-field';
import { Notice } from '../../components/notice';

/** Username and email of the signed-in user (`PATCH /users/me`). */
export function ProfileForm({ user }: { user: User }) {
  const client = useQueryClient();
  const form = useForm({
    defaultValues: { username: user.username, email: user.email },
    resolver: contractResolver(userUpdateInput),
  });
  const [notice, setNotice] = useState<string | null>(null);
  useLeaveGuard(form.formState.isDirty, 'Your changes to your profile are not saved yet.');

  const mutation = useMutation({
    mutationFn: (input: UserUpdateInput) => updateUser('me', input),
    onSuccess: async (saved) => {
      // The root actor keeps the session (and `user-profile`) in step; the top bar follows.
      appActor.send({ type: 'user.updated', user: saved });
      // What was saved is the new starting point: nothing is unsaved any more.
      form.reset({ username: saved.username, email: saved.email });
      setNotice('Profile saved.');
      await userChanged(client, saved);
    },
    onError: (error) => applyServerErrors(error, form),
  });

  const submit = form.handleSubmit((input) => {
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
          name="username"
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
        <TextField control={form.control} name="email" label="Email" type="email" autoComplete="email" />
        <FormError message={formErrorOf(form.formState.errors)} />
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
