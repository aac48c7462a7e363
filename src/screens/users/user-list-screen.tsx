import { mdiPlus } from '@mdi/js';
import type { User } from '../../../contract/users';
import { allUsersOptions, companyUsersOptions } from '../../api/users';
import { useSession } from '../../app/app-actor';
import type { ScreenProps } from '../../app/screen-props';
import { ButtonLink } from '../../components/button-link';
import { DataTable } from '../../components/data-table/data-table';
import type { Column, ListQuery } from '../../components/data-table/types';
import { PageHeader } from '../../components/page-header';
import { RoleBadges } from '../../components/role-badges';
import { formatDate } from '../../lib/format';
import { can, isSuperadmin } from '../../../contract/permissions';
import { ServiceTokensSection } from './service-tokens-section';

const columns = (withCompany: boolean): Column<User>[] => [
  { key: 'username', header: 'Username', sortable: true, card: 'title' },
  { key: 'email', header: 'Email', sortable: true },
  { key: 'roles', header: 'Roles', cell: (u) => <RoleBadges roles={u.roles} /> },
  ...(withCompany ? [{ key: 'company', header: 'Company', cell: (u: User) => u.company.name }] : []),
  { key: 'created_at', header: 'Created', sortable: true, card: 'meta', cell: (u) => formatDate(u.created_at) },
];

export function UserListScreen({ title }: ScreenProps) {
  const session = useSession();
  if (!session) return null;
  const all = isSuperadmin(session.user);
  // A superadmin sees every company's users; everyone else their own company's.
  const query: ListQuery<User> = all ? allUsersOptions : (params) => companyUsersOptions(session.company.id, params);
  return (
    <>
      <PageHeader
        title={title}
        description={all ? 'Users of every company.' : `People of ${session.company.name}.`}
        actions={
          can(session.user, 'users.manage') ? (
            <ButtonLink href="/users/new" icon={mdiPlus}>
              Add user
            </ButtonLink>
          ) : null
        }
      />
      <DataTable
        label="Users"
        columns={columns(all)}
        query={query}
        rowKey={(u) => u.id}
        rowHref={(u) => `/users/${u.id}`}
        defaults={{ sortby: 'username' }}
        emptyText="No users yet."
      />
      {/* A company's admins manage its tokens here; a superadmin's list spans companies, so has none. */}
      {!all && can(session.user, 'users.manage') ? <ServiceTokensSection companyId={session.company.id} /> : null}
    </>
  );
}
