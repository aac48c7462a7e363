import { useQuery } from '@tanstack/react-query';
import type { Project } from '../../../../contract/projects';
import type { ProjectTestFunction } from '../../../../contract/test-profiles';
import { testFunctionChoicesOptions } from '../../../api/test-profiles';
import { RowsTable } from '../../../components/data-table/rows-table';
import type { Column } from '../../../components/data-table/types';
import { ErrorPresenter } from '../../../components/error-presenter';
import { LoadingBlock } from '../../../components/spinner';
import { formatNumber } from '../../../lib/format';

const columns: Column<ProjectTestFunction>[] = [
  {
    key: 'name',
    header: 'Test function',
    card: 'title',
    cell: (f) => (
      <div className="max-w-80 whitespace-normal">
        <p className="font-medium">{f.name}</p>
        {f.description ? <p className="mt-1 line-clamp-2 text-xs text-secondary">{f.description}</p> : null}
      </div>
    ),
  },
  { key: 'type', header: 'Type', cell: (f) => f.type.name },
  {
    key: 'parameters',
    header: 'Parameters',
    cell: (f) => (f.parameters.length ? f.parameters.map((p) => (p.unit ? `${p.name} (${p.unit})` : p.name)).join(', ') : '—'),
  },
  { key: 'step_count', header: 'Steps using it', className: 'text-right tabular-nums', cell: (f) => formatNumber(f.step_count) },
];

/**
 * The catalogue's test functions as this project sees them: what a step can call, and how many
 * steps of the project's profiles call each. Placed on the project's hardware tab, beside other
 * tables: the catalogue is short (one page of the largest size), so its rows are paged here and
 * keep no list status in the URL that a server-paged table on the same tab would share.
 */
export function ProjectTestFunctions({ project }: { project: Pick<Project, 'id'> }) {
  const functions = useQuery(testFunctionChoicesOptions(project.id));
  if (functions.isPending) return <LoadingBlock label="Loading test functions" />;
  if (functions.isError) return <ErrorPresenter error={functions.error} title="Could not load the test functions" />;
  return (
    <RowsTable
      label="Test functions"
      columns={columns}
      rows={functions.data.data}
      rowKey={(f) => f.id}
      pageSize={25}
      emptyText="The catalogue has no test functions yet: the platform’s operators add them."
    />
  );
}
