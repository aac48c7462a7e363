import { mdiPencil } from '@mdi/js';
import { useSession } from '../../app/app-actor';
import { idParam, type ScreenProps } from '../../app/screen-props';
import { ButtonLink } from '../../components/button-link';
import { Card } from '../../components/card';
import { DefinitionList } from '../../components/definition-list';
import { ErrorPresenter } from '../../components/error-presenter';
import { PageHeader } from '../../components/page-header';
import { RoleBadges } from '../../components/role-badges';
import { LoadingBlock } from '../../components/spinner';
import { formatDateTime, titleCase } from '../../lib/format';
import { can } from '../../../contract/permissions';
import { useUser } from './use-user';
import { UserNotFound } from './user-not-found';

export function UserShowScreen({ params }: ScreenProps) {
  const id = idParam(params, 'user_id');
  const session = useSession();
  const { data: user, error, notFound, loading } = useUser(id);

  if (notFound) return <UserNotFound />;
  if (loading) return <LoadingBlock label="Loading user" />;
  if (!user) return <ErrorPresenter error={error} title="Could not load the user" />;

  return (
    <>
      <PageHeader
        title={user.username}
        back={{ href: '/users', label: 'All users' }}
        actions={
          can(session?.user, 'users.manage') ? (
            <ButtonLink href={`/users/${user.id}/edit`} icon={mdiPencil} variant="secondary">
              Edit
            </ButtonLink>
          ) : null
        }
      />
      <Card title="Details" className="max-w-2xl">
        <DefinitionList
          items={[
            { term: 'Username', value: user.username },
            { term: 'Email', value: <a href={`mailto:${user.email}`} className="text-primary-dark hover:underline">{user.email}</a> },
            { term: 'Company', value: `${user.company.name} (${titleCase(user.company.type)})` },
            { term: 'Roles', value: <RoleBadges roles={user.roles} /> },
            { term: 'Created', value: formatDateTime(user.created_at) },
            { term: 'Last changed', value: formatDateTime(user.updated_at) },
          ]}
        />
      </Card>
    </>
  );
}
