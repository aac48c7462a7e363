import { useSession } from '../../app/app-actor';
import type { ScreenProps } from '../../app/screen-props';
import { PageHeader } from '../../components/page-header';
import { can, isSuperadmin } from '../../../contract/permissions';
import { ManagerOnly } from './manager-only';
import { UserForm } from './user-form';

export function UserNewScreen({ title }: ScreenProps) {
  const session = useSession();
  if (!session) return null;
  const superadmin = isSuperadmin(session.user);
  return (
    <>
      <PageHeader
        title={title}
        description={superadmin ? 'A new account in the company you choose.' : `A new account in ${session.company.name}.`}
        back={{ href: '/users', label: 'All users' }}
      />
      {can(session.user, 'users.manage') ? (
        <UserForm mode="create" companyId={session.company.id} chooseCompany={superadmin} />
      ) : (
        <ManagerOnly what="add users" />
      )}
    </>
  );
}
