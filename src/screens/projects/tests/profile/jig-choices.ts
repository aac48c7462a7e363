import { useQuery } from '@tanstack/react-query';
import { jigNameText } from '../../../../../contract/jig-names';
import { MAX_PAGE_SIZE } from '../../../../../contract/list-query';
import { companyJigsOptions } from '../../../../api/enclosure-settings';
import { projectOptions } from '../../../../api/projects';
import { useJigNameAudience } from '../../../../components/jig-name';

/**
 * The jigs a project's history can be narrowed to: its company's, by name, each as the reader
 * knows it with its serial. Shared by the statistics scope and the limit what-if.
 */
export function useProjectJigChoices(projectId: number): { options: { value: string; label: string }[]; isPending: boolean } {
  const project = useQuery(projectOptions(projectId));
  const jigs = useQuery(companyJigsOptions(project.data?.company_id ?? 0, { page: 1, limit: MAX_PAGE_SIZE, sortby: 'name', sortdesc: false }));
  const audience = useJigNameAudience();
  return {
    options: (jigs.data?.data ?? []).map((j) => ({ value: String(j.enclosure_id), label: `${jigNameText(j, audience)} (${j.serial})` })),
    isPending: project.isPending || jigs.isPending,
  };
}
