import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { PASSWORD_MIN, type User } from '../../../contract/users';
import { createCompanyUser, updateUser, userChanged } from '../../api/users';
import { appActor, navigate } from '../../app/app-actor';
import { useLeaveGuard } from '../../app/use-leave-guard';
import { Button } from '../../components/button';
import { ButtonLink } from '../../components/button-link';
import { ErrorPresenter } from '../../components/error-presenter';
import { CheckboxGroup } from '../../components/form/checkbox-group';
import { FormError } from '../../components/form/form-error';
import { SelectField } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import { useForm } from '../../components/form/use-form';
import { useCompanyOptions } from '../../components/company-options';
import { useRoleOptions } from './role-options';
import { changesOf, createBody, createSchema, emptyUser, updateSchema, userValues, type UserFormValues } from './user-payload';

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
  const form = useForm<UserFormValues>(() =>
    editing ? userValues(editing) : emptyUser(chooseCompany || props.mode !== 'create' ? undefined : props.companyId),
  );
  const roles = useRoleOptions(editing?.roles);
  const companies = useCompanyOptions(chooseCompany);
  const v = form.values;
  const leaveGuard = useLeaveGuard(
    form.dirty,
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
      navigate(`/users/${user.id}`);
    },
    onError: form.fail,
  });

  const submit = form.onSubmit(() => {
    if (editing) {
      const changes = changesOf(editing, v);
      const input = form.validate(updateSchema, changes);
      if (!input) return;
      if (Object.keys(input).length === 0) {
        // Only spaces changed: nothing to save, nothing to lose.
        leaveGuard.release();
        return navigate(`/users/${editing.id}`);
      }
      mutation.mutate(() => updateUser(editing.id, input));
      return;
    }
    const input = form.validate(createSchema(chooseCompany), v);
    if (input) mutation.mutate(() => createCompanyUser(Number(v.company_id), createBody(input)));
  });

  const cancelHref = editing ? `/users/${editing.id}` : '/users';
  return (
    <form ref={form.formRef} onSubmit={submit} noValidate className="flex max-w-2xl flex-col gap-5">
      {chooseCompany ? (
        <SelectField
          label="Company"
          placeholder={companies.isPending ? 'Loading companies…' : 'Choose a company'}
          options={companies.options}
          {...form.field('company_id')}
        />
      ) : null}
      {companies.error ? <ErrorPresenter error={companies.error} title="Could not load companies" /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Username"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          {...form.field('username')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          {...form.field('email')}
        />
      </div>
      {passwordHere ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            hint={editing ? 'Leave empty to keep the current password.' : `At least ${PASSWORD_MIN} characters.`}
            {...form.field('password')}
          />
          <TextField
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            {...form.field('password_confirmation')}
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
        legend="Roles"
        options={roles.options}
        value={v.role_ids}
        onValueChange={(x) => form.set('role_ids', x)}
        errors={form.errorsOf('role_ids')}
        hint={roles.isPending ? 'Loading roles…' : 'Roles decide what the user may do.'}
      />
      <FormError message={form.formError} />
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
