import type { Project } from '../../../../contract/projects';
import type { ProjectTestFunction } from '../../../../contract/test-profiles';
import { projectTestFunctionsOptions } from '../../../api/test-profiles';
import { DataTable } from '../../../components/data-table/data-table';
import type { Column } from '../../../components/data-table/types';
import { formatNumber } from '../../../lib/format';

const columns: Column<ProjectTestFunction>[] = [
  {
    key: 'name',
    header: 'Test function',
    sortable: true,
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
  { key: 'step_count', header: 'Steps using it', sortable: true, className: 'text-right tabular-nums', cell: (f) => formatNumber(f.step_count) },
];

/**
 * The catalogue's test functions as this project sees them: what a step can call, and how many
 * steps of the project's profiles call each. Placed on the project's hardware tab.
 */
export function ProjectTestFunctions({ project }: { project: Pick<Project, 'id'> }) {
  return (
    <DataTable
      label="Test functions"
      columns={columns}
      query={projectTestFunctionsOptions(project.id)}
      rowKey={(f) => f.id}
      defaults={{ sortby: 'name' }}
      searchPlaceholder="Function name"
      emptyText="The catalogue has no test functions yet: the platform’s operators add them."
    />
  );
}
