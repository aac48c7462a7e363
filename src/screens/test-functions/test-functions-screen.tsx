import { mdiPlus } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { MAX_ID } from '../../../contract/list-query';
import type { TestFunction } from '../../../contract/test-functions';
import { deleteTestFunction, testFunctionDeleted, testFunctionsOptions, testFunctionTypesOptions } from '../../api/test-functions';
import type { ScreenProps } from '../../app/screen-props';
import { ButtonLink } from '../../components/button-link';
import { DataTable } from '../../components/data-table/data-table';
import { TableFilter } from '../../components/data-table/table-filter';
import type { Column, ListQuery } from '../../components/data-table/types';
import { DeleteAction } from '../../components/delete-action';
import { PageHeader } from '../../components/page-header';
import { formatDate } from '../../lib/format';
import { positiveIntParam, useSearchState } from '../../lib/url-search';
import { parameterLimits } from './parameter-limits';

const COLUMNS: Column<TestFunction>[] = [
  {
    key: 'name',
    header: 'Name',
    sortable: true,
    card: 'title',
    cell: (f) => (
      <span className="flex max-w-64 flex-col whitespace-normal sm:max-w-md">
        <span className="font-medium">{f.name}</span>
        {f.description ? <span className="line-clamp-2 text-xs font-normal text-secondary">{f.description}</span> : null}
      </span>
    ),
  },
  { key: 'type', header: 'Type', sortable: true, card: 'badge', cell: (f) => f.type.name },
  {
    key: 'parameters',
    header: 'Parameters',
    cell: (f) =>
      f.parameters.length ? (
        <ul className="max-w-72 text-sm whitespace-normal">
          {f.parameters.map((p) => (
            <li key={p.name}>
              {p.name}
              <span className="text-secondary"> {parameterLimits(p)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <span className="text-secondary">None</span>
      ),
  },
  { key: 'updated_at', header: 'Changed', sortable: true, card: 'meta', cell: (f) => formatDate(f.updated_at) },
  {
    key: 'actions',
    header: 'Actions',
    className: 'text-right',
    card: 'actions',
    cell: (f) => (
      <DeleteAction
        compact
        kind="test function"
        name={f.name}
        consequence="Test configurations will no longer be able to use it."
        remove={() => deleteTestFunction(f.id)}
        refresh={(client) => testFunctionDeleted(client, f)}
      />
    ),
  },
];

/** `/manage/testfunctions`: what the jigs can do to a board, by name; filtered by type in the URL. */
export function TestFunctionsScreen({ title }: ScreenProps) {
  const types = useQuery(testFunctionTypesOptions());
  const { params } = useSearchState();
  const raw = positiveIntParam(params, 'type_id');
  const typeId = raw !== null && raw <= MAX_ID ? raw : undefined;
  const query: ListQuery<TestFunction> = (p) => testFunctionsOptions({ ...p, type_id: typeId });
  const typeName = types.data?.find((t) => t.id === typeId)?.name;
  return (
    <>
      <PageHeader
        title={title}
        description="What a jig can do to a board, with the parameters a test configuration fills in."
        actions={
          <ButtonLink href="/manage/testfunctions/new" icon={mdiPlus}>
            New test function
          </ButtonLink>
        }
      />
      <DataTable
        label="Test functions"
        columns={COLUMNS}
        query={query}
        rowKey={(f) => f.id}
        rowHref={(f) => `/manage/testfunctions/${f.id}`}
        defaults={{ sortby: 'name' }}
        searchPlaceholder="Name contains…"
        searchLabel="Search test functions"
        emptyText={typeName ? `No ${typeName.toLowerCase()} test functions match.` : 'No test functions match.'}
        toolbar={
          <TableFilter
            param="type_id"
            label="Type"
            options={(types.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
            allLabel="All types"
          />
        }
      />
    </>
  );
}
