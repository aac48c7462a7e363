import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { PASSWORD_MIN, type User, type UserCreateInput, type UserUpdateInput } from '../../../contract/users';
import { createCompanyUser, updateUser, userChanged } from '../../api/users';
import { appActor, navigate } from '../../app/app-actor';
import { useLeaveGuard } from '../../app/use-leave-guard';
import { Button } from '../../components/button';
import { ButtonLink } from '../../components/button-link';
import { companySearch } from '../../components/company-search';
import { ErrorPresenter } from '../../components/error-presenter';
import { AsyncSelectField } from '../../components/form/async-select-field';
import { CheckboxGroup } from '../../components/form/checkbox-group';
import { contractResolver } from '../../components/form/contract-resolver';
import { FormError, formErrorOf } from '../../components/form/form-error';
import { applyServerErrors } from '../../components/form/server-errors';
import { TextField } from '../../components/form/text-field';
import { useRoleOptions } from './role-options';
import { changesOf, createBody, createSchema, emptyUser, updateSchema, userValues, type UserFormValues } from './user-payload';
import { showSuccess } from '../../components/toast';

type UserFormProps =
  /** `companyId` is the caller's company; a superadmin picks one instead. */
  | { mode: 'create'; companyId: number; chooseCompany: boolean }
  /** `self`: one's own password changes on the profile page, with the current password. */
  | { mode: 'edit'; user: User; self: boolean };

/** Adding and editing a user: one form, so both check and show the same things. */
export function UserForm(props: UserFormProps) {
  const client = useQueryClient();
  const editing = props.mode === 'edit' ? props.user : null;
  const chooseCompany = props.mode === 'create' && props.chooseCompany;
  const passwordHere = !(props.mode === 'edit' && props.self);
  const form = useForm<UserFormValues, unknown, UserUpdateInput | UserCreateInput>({
    defaultValues: editing ? userValues(editing) : emptyUser(chooseCompany || props.mode !== 'create' ? undefined : props.companyId),
    // Editing sends only what changed, so that is what the update schema checks.
    resolver: editing
      ? contractResolver(updateSchema, (v: UserFormValues) => changesOf(editing, v))
      : contractResolver(createSchema(chooseCompany)),
  });
  const roles = useRoleOptions(editing?.roles);
  const leaveGuard = useLeaveGuard(
    form.formState.isDirty,
    editing ? 'Your changes to this user are not saved yet.' : 'The new user is not created yet.',
  );

  // Create and update differ only in the call; the mutation runs whichever submit chose.
  const mutation = useMutation({
    mutationFn: (save: () => Promise<User>) => save(),
    onSuccess: async (user) => {
      if (props.mode === 'edit' && props.self) appActor.send({ type: 'user.updated', user });
      await userChanged(client, user, props.mode === 'create');
      // Saved: nothing is left to lose, even before the form re-renders as clean.
      leaveGuard.release();
      showSuccess(props.mode === 'create' ? `User “${user.username}” created.` : `Changes to “${user.username}” saved.`);
      navigate(`/users/${user.id}`);
    },
    onError: (error) => applyServerErrors(error, form),
  });

  // The resolver above decides which schema checked `input`: the update's when editing.
  const submit = form.handleSubmit((input) => {
    if (editing) {
      const changes = input as UserUpdateInput;
      if (Object.keys(changes).length === 0) {
        // Only spaces changed: nothing to save, nothing to lose.
        leaveGuard.release();
        return navigate(`/users/${editing.id}`);
      }
      mutation.mutate(() => updateUser(editing.id, changes));
      return;
    }
    const created = input as UserCreateInput;
    mutation.mutate(() => createCompanyUser(Number(form.getValues('company_id')), createBody(created)));
  });

  const cancelHref = editing ? `/users/${editing.id}` : '/users';
  return (
    <form onSubmit={submit} noValidate className="flex max-w-2xl flex-col gap-5">
      {chooseCompany ? (
        <AsyncSelectField
          {...companySearch}
          control={form.control}
          name="company_id"
          label="Company"
          placeholder="Choose a company"
          noMatches="No companies match."
          hint="Type part of its name."
        />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          control={form.control}
          name="username"
          label="Username"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
        />
        <TextField control={form.control} name="email" label="Email" type="email" autoComplete="off" />
      </div>
      {passwordHere ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            control={form.control}
            name="password"
            label="Password"
            type="password"
            autoComplete="new-password"
            hint={editing ? 'Leave empty to keep the current password.' : `At least ${PASSWORD_MIN} characters.`}
          />
          <TextField
            control={form.control}
            name="password_confirmation"
            label="Confirm password"
            type="password"
            autoComplete="new-password"
          />
        </div>
      ) : (
        <p className="text-sm text-secondary">
          Change your own password on{' '}
          <Link href="/me" className="font-medium text-primary-dark hover:underline">
            your profile
          </Link>
          .
        </p>
      )}
      {roles.error ? <ErrorPresenter error={roles.error} title="Could not load roles" /> : null}
      <CheckboxGroup
        control={form.control}
        name="role_ids"
        legend="Roles"
        options={roles.options}
        hint={roles.isPending ? 'Loading roles…' : 'Roles decide what the user may do.'}
      />
      <FormError message={formErrorOf(form.formState.errors)} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={mutation.isPending}>
          {editing ? 'Save changes' : 'Create user'}
        </Button>
        <ButtonLink href={cancelHref} variant="secondary">
          Cancel
        </ButtonLink>
      </div>
    </form>
  );
}
