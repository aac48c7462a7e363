import { useSession } from '../../app/app-actor';
import { idParam, type ScreenProps } from '../../app/screen-props';
import { ErrorPresenter } from '../../components/error-presenter';
import { PageHeader } from '../../components/page-header';
import { LoadingBlock } from '../../components/spinner';
import { can } from '../../../contract/permissions';
import { ManagerOnly } from './manager-only';
import { useUser } from './use-user';
import { UserForm } from './user-form';
import { UserNotFound } from './user-not-found';

export function UserEditScreen({ params, title }: ScreenProps) {
  const id = idParam(params, 'user_id');
  const session = useSession();
  const { data: user, error, notFound, loading } = useUser(id);

  if (notFound) return <UserNotFound />;
  if (loading) return <LoadingBlock label="Loading user" />;
  if (!user || !session) return <ErrorPresenter error={error} title="Could not load the user" />;

  return (
    <>
      <PageHeader
        title={title}
        description={`${user.username} · ${user.company.name}`}
        back={{ href: `/users/${user.id}`, label: user.username }}
      />
      {can(session.user, 'users.manage') ? (
        // Keyed by user: the form's values start from this user, never from the last one shown.
        <UserForm key={user.id} mode="edit" user={user} self={user.id === session.user.id} />
      ) : (
        <ManagerOnly what="edit users" />
      )}
    </>
  );
}
