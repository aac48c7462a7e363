import { Link } from 'wouter';
import type { CompanyConfiguration } from '../../../contract/hardware';
import { companyConfigurationsOptions } from '../../api/hardware';
import type { ScreenProps } from '../../app/screen-props';
import { Badge } from '../../components/badge';
import { ChooseCompanyPrompt, CompanyPicker, useCompanyScope } from '../../components/company-scope';
import { DataTable } from '../../components/data-table/data-table';
import type { Column, ListQuery } from '../../components/data-table/types';
import { PageHeader } from '../../components/page-header';

const placed = (rows: { place: number; name: string }[], prefix: string) =>
  rows.length ? rows.map((r) => `${prefix}${r.place} ${r.name}`).join(' · ') : '—';

const COLUMNS: Column<CompanyConfiguration>[] = [
  {
    key: 'project',
    header: 'Project',
    sortable: true,
    card: 'title',
    cell: (c) => (
      <span className="flex flex-col">
        <Link href={`/projects/${c.project.id}/hardware`} className="font-medium text-primary-dark hover:underline">
          {c.project.name}
        </Link>
        <span className="text-xs font-normal text-secondary">{c.name}</span>
      </span>
    ),
  },
  {
    key: 'modules',
    header: 'Modules by slot',
    cell: (c) => (
      <span className="flex max-w-72 flex-col text-xs whitespace-normal">
        <span className="text-secondary tabular-nums">
          {c.modules.length} of {c.module_slots} slots
        </span>
        <span>{placed(c.modules.map((m) => ({ place: m.slot, name: m.name })), 'S')}</span>
      </span>
    ),
  },
  {
    key: 'cartridges',
    header: 'Cartridges by bay',
    cell: (c) => (
      <span className="flex max-w-64 flex-col text-xs whitespace-normal">
        <span className="text-secondary tabular-nums">
          {c.cartridges.length} of {c.cartridge_bays} bays
        </span>
        <span>{placed(c.cartridges.map((m) => ({ place: m.bay, name: m.name })), 'B')}</span>
      </span>
    ),
  },
  {
    key: 'cassettes',
    header: 'Cassettes',
    card: 'meta',
    cell: (c) =>
      c.cassettes.length ? (
        <span className="flex flex-wrap gap-1.5">
          {c.cassettes.map((k) => (
            <Link key={k.id} href={`/cassettes/${k.id}`} className="inline-flex items-center gap-1 hover:underline">
              <span className="font-medium">{k.serial}</span>
              <Badge tone={k.matches ? 'success' : 'warning'}>{k.matches ? 'Matches' : 'Differs'}</Badge>
            </Link>
          ))}
        </span>
      ) : (
        <span className="text-secondary">None assigned</span>
      ),
  },
];

/** `/configurations`: which of the company's projects uses which cassette configuration, and whether its cassettes match. */
export function ConfigurationsScreen({ title }: ScreenProps) {
  const scope = useCompanyScope();
  const companyId = scope.companyId;
  const query: ListQuery<CompanyConfiguration> = (p) => companyConfigurationsOptions(companyId ?? -1, p);
  return (
    <>
      <PageHeader
        title={title}
        description={
          scope.chooses
            ? 'The cassette configurations of the company you choose, per project.'
            : 'Per project: the modules and cartridges its cassette must hold, and whether its cassettes match.'
        }
      />
      <div className="mb-4">
        <CompanyPicker scope={scope} />
      </div>
      {companyId ? (
        <DataTable
          label="Configurations"
          columns={COLUMNS}
          query={query}
          rowKey={(c) => c.id}
          defaults={{ sortby: 'project' }}
          searchPlaceholder="Project or configuration"
          emptyText="No projects yet, so no configurations."
        />
      ) : (
        <ChooseCompanyPrompt what="configurations" />
      )}
    </>
  );
}
