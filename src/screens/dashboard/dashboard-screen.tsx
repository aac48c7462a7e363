import { mdiAccountOutline, mdiCalendarWeek, mdiOfficeBuildingOutline } from '@mdi/js';
import { Link } from 'wouter';
import { useSession } from '../../app/app-actor';
import type { ScreenProps } from '../../app/screen-props';
import { DefinitionList } from '../../components/definition-list';
import { Icon } from '../../components/icon';
import { PageHeader } from '../../components/page-header';
import { RoleBadges } from '../../components/role-badges';
import { titleCase } from '../../lib/format';
import { Card } from '../../components/card';

export function DashboardScreen(_: ScreenProps) {
  const session = useSession();
  if (!session) return null;
  const { user, company } = session;
  return (
    <>
      <PageHeader title="Dashboard" description={`Welcome back, ${user.username}.`} />
      <div className="grid gap-4 md:grid-cols-2">
        <Card title="Company" icon={mdiOfficeBuildingOutline}>
          <DefinitionList
            items={[
              { term: 'Name', value: company.name },
              { term: 'Type', value: titleCase(company.type) },
            ]}
          />
        </Card>
        <Card title="You" icon={mdiAccountOutline}>
          <DefinitionList
            items={[
              { term: 'Username', value: user.username },
              { term: 'Email', value: user.email },
              { term: 'Roles', value: <RoleBadges roles={user.roles} /> },
            ]}
          />
          <Link href="/me" className="mt-4 inline-block text-sm font-medium text-primary-dark hover:underline">
            Edit your profile
          </Link>
        </Card>
      </div>
      {/* The company's week (tests, yield, jig use from GET /companies/{id}/dashboard) goes here. */}
      <section aria-labelledby="dashboard-week" className="mt-4 rounded-lg border border-dashed border-secondary/40 p-5">
        <h2 id="dashboard-week" className="flex items-center gap-2 text-base font-semibold text-gray-900">
          <Icon path={mdiCalendarWeek} className="text-secondary" />
          This week
        </h2>
        <p className="mt-2 text-sm text-secondary">
          The company’s week — boards tested, yield and jig use — will show here once that part is built.
        </p>
      </section>
    </>
  );
}
