import { mdiPlus } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Cassette } from '../../../contract/cassettes';
import { cassetteDeleted, cassettesOptions, deleteCassette } from '../../api/cassettes';
import { enclosureOptions, enclosureSearch } from '../../api/enclosures';
import type { ScreenProps } from '../../app/screen-props';
import { Button } from '../../components/button';
import { cassetteColumns } from '../../components/cassette-columns';
import { CompanyFilter } from '../../components/company-filter';
import { DataTable } from '../../components/data-table/data-table';
import type { Column, ListQuery } from '../../components/data-table/types';
import { DeleteAction } from '../../components/delete-action';
import { IdFilter } from '../../components/data-table/id-filter';
import { PageHeader } from '../../components/page-header';
import { positiveIntParam, useSearchState } from '../../lib/url-search';
import { CassetteDialog } from './cassette-dialog';

function CassetteActions({ cassette }: { cassette: Cassette }) {
  const [editing, setEditing] = useState(false);
  return (
    <div className="-my-1.5 flex flex-wrap justify-end">
      <Button variant="ghost" className="min-h-9 px-2" onClick={() => setEditing(true)} aria-label={`Edit cassette ${cassette.serial}`}>
        Edit
      </Button>
      <DeleteAction
        compact
        kind="cassette"
        name={cassette.serial}
        consequence="Its module slots are emptied with it. Only a cassette that holds no cartridges can be deleted."
        remove={() => deleteCassette(cassette.id)}
        refresh={(client) => cassetteDeleted(client, cassette)}
      />
      {editing ? <CassetteDialog cassette={cassette} open onOpenChange={setEditing} /> : null}
    </div>
  );
}

const { serial, enclosure, modules, cartridges } = cassetteColumns({ amsTypes: true });

const COLUMNS: Column<Cassette>[] = [
  serial,
  { key: 'company', header: 'Company', sortable: true, cell: (c) => c.company?.name ?? '—' },
  enclosure,
  modules,
  cartridges,
  { key: 'actions', header: 'Actions', className: 'text-right', card: 'actions', cell: (c) => <CassetteActions cassette={c} /> },
];

/** The enclosure filter, within the chosen company: searched like the company, as `enclosure_id`. */
function EnclosureFilter({ companyId }: { companyId: number }) {
  const enclosureId = positiveIntParam(useSearchState().params, 'enclosure_id');
  const enclosure = useQuery({ ...enclosureOptions(enclosureId ?? 0), enabled: enclosureId !== null });
  return (
    <IdFilter
      key={companyId}
      {...enclosureSearch(companyId)}
      param="enclosure_id"
      label="Enclosure"
      selectedLabel={enclosure.data?.serial ?? null}
      placeholder="All enclosures"
      noMatches="No enclosures of this company match."
    />
  );
}

/** `/manage/cassettes`: every company's cassettes, filtered by company and enclosure. */
export function CassettesScreen({ title }: ScreenProps) {
  const [creating, setCreating] = useState(false);
  const { params } = useSearchState();
  const companyId = positiveIntParam(params, 'company_id');
  const enclosureId = companyId ? positiveIntParam(params, 'enclosure_id') : null;
  const query: ListQuery<Cassette> = (p) =>
    cassettesOptions({ ...p, company_id: companyId ?? undefined, enclosure_id: enclosureId ?? undefined });
  return (
    <>
      <PageHeader
        title={title}
        description="The carriers of AMS modules and cartridges that go into the companies’ enclosures."
        actions={
          <Button icon={mdiPlus} onClick={() => setCreating(true)}>
            New cassette
          </Button>
        }
      />
      <DataTable
        label="Cassettes"
        columns={COLUMNS}
        query={query}
        rowKey={(c) => c.id}
        defaults={{ sortby: 'serial' }}
        searchPlaceholder="Serial or name"
        emptyText={companyId ? 'No cassettes match these filters.' : 'No cassettes yet.'}
        toolbar={
          <div className="flex flex-wrap items-end gap-3">
            <CompanyFilter resets={['enclosure_id']} />
            {companyId ? <EnclosureFilter companyId={companyId} /> : null}
          </div>
        }
      />
      {creating ? <CassetteDialog open onOpenChange={setCreating} /> : null}
    </>
  );
}
