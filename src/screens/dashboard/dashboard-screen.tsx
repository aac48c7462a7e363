import { mdiAccountOutline, mdiOfficeBuildingOutline } from '@mdi/js';
import { Link } from 'wouter';
import { useSession } from '../../app/app-actor';
import type { ScreenProps } from '../../app/screen-props';
import { Card } from '../../components/card';
import { ChooseCompanyPrompt, CompanyPicker, useCompanyScope } from '../../components/company-scope';
import { DefinitionList } from '../../components/definition-list';
import { PageHeader } from '../../components/page-header';
import { RoleBadges } from '../../components/role-badges';
import { titleCase } from '../../lib/format';
import { JigsNotReady } from './jigs-not-ready';
import { FixtureHealthSection } from './fixture-health-section';
import { WeekSection } from './week-section';

export function DashboardScreen(_: ScreenProps) {
  const session = useSession();
  const scope = useCompanyScope();
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
      {scope.chooses ? (
        <div className="mt-6 flex flex-col gap-3">
          <CompanyPicker scope={scope} />
          {scope.companyId ? null : <ChooseCompanyPrompt what="week: boards tested, pass rate and jigs" />}
        </div>
      ) : null}
      {scope.companyId ? (
        <WeekSection companyId={scope.companyId} companyName={scope.chooses ? scope.companyName : null} fileCompany={scope.companyName} />
      ) : null}
      {scope.companyId ? <JigsNotReady companyId={scope.companyId} /> : null}
      {scope.companyId ? <FixtureHealthSection companyId={scope.companyId} /> : null}
    </>
  );
}
