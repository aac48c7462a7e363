import { useSession } from '../../app/app-actor';
import type { ScreenProps } from '../../app/screen-props';
import { DefinitionList } from '../../components/definition-list';
import { Card } from '../../components/card';
import { PageHeader } from '../../components/page-header';
import { RoleBadges } from '../../components/role-badges';
import { formatDate, titleCase } from '../../lib/format';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';

export function MeScreen({ title }: ScreenProps) {
  const session = useSession();
  if (!session) return null;
  const { user, company } = session;
  return (
    <>
      <PageHeader title={title} description="Your sign-in name, email address and password." />
      <div className="grid items-start gap-4 lg:grid-cols-2">
        {/* Keyed by id: another user signing in must not see the last one's typing. */}
        <ProfileForm key={user.id} user={user} />
        <PasswordForm key={`pw-${user.id}`} />
        <Card title="Account">
          <DefinitionList
            items={[
              { term: 'Company', value: `${company.name} (${titleCase(company.type)})` },
              { term: 'Roles', value: <RoleBadges roles={user.roles} /> },
              { term: 'Member since', value: formatDate(user.created_at) },
            ]}
          />
        </Card>
      </div>
    </>
  );
}
