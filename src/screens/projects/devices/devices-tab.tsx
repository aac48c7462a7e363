import type { SectionProps } from '../section-props';
import { DevicesTable } from './devices-table';

/** `/projects/{id}` and `/projects/{id}/devices`: every device of the project. */
export function DevicesTab({ project }: SectionProps) {
  return <DevicesTable projectId={project.id} source={{ kind: 'project', id: project.id }} />;
}
