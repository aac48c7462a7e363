import { useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '../../../../contract/list-query';
import type { ProjectTestFunction } from '../../../../contract/test-profiles';
import type { Project } from '../../../../contract/projects';
import { projectTestFunctionsOptions } from '../../../api/test-profiles';
import { Card } from '../../../components/card';
import { RowsTable } from '../../../components/data-table/rows-table';
import { ErrorPresenter } from '../../../components/error-presenter';
import { LoadingBlock } from '../../../components/spinner';
import type { Column } from '../../../components/data-table/types';

const COLUMNS: Column<ProjectTestFunction>[] = [
  {
    key: 'name',
    header: 'Test function',
    card: 'title',
    cell: (f) => (
      // Descriptions wrap (two lines at most), so the step counts stay in view on a laptop.
      <span className="flex max-w-80 flex-col whitespace-normal">
        <span className="font-medium">{f.name}</span>
        {f.description ? <span className="line-clamp-2 text-xs font-normal text-secondary">{f.description}</span> : null}
      </span>
    ),
  },
  { key: 'type', header: 'Type', cell: (f) => f.type.name },
  {
    key: 'parameters',
    header: 'Parameters',
    cell: (f) => (f.parameters.length ? <span className="block max-w-56 whitespace-normal text-xs">{f.parameters.map((p) => (p.unit ? `${p.name} (${p.unit})` : p.name)).join(' · ')}</span> : '—'),
  },
  { key: 'step_count', header: 'Steps using it', card: 'meta', className: 'text-right tabular-nums', cell: (f) => f.step_count },
];

/**
 * The project's hardware tab: the test functions its profiles call (`GET /projects/{id}/testfunctions`).
 * The catalogue is small: its first page of the largest size, paged here, so the test resources'
 * table above keeps the URL's paging and search to itself.
 */
export function TestFunctionsSection({ project }: { project: Project }) {
  const query = useQuery(projectTestFunctionsOptions(project.id)({ page: 1, limit: MAX_PAGE_SIZE, sortby: 'step_count', sortdesc: true }));
  return (
    <Card title="Test functions">
      {query.isError ? (
        <ErrorPresenter error={query.error} title="Could not load the test functions" />
      ) : query.isPending ? (
        <LoadingBlock label="Loading test functions" />
      ) : (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-secondary">The catalogue’s test functions, most used by this project’s test profiles first.</p>
          <RowsTable label="Test functions" columns={COLUMNS} rows={query.data.data} rowKey={(f) => f.id} pageSize={10} emptyText="No test functions in the catalogue yet." />
          {query.data.meta.total > query.data.data.length ? (
            <p className="text-xs text-secondary">
              The first {query.data.data.length} of {query.data.meta.total}.
            </p>
          ) : null}
        </div>
      )}
    </Card>
  );
}
