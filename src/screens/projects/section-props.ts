import type { Project } from '../../../contract/projects';
import type { ScreenParams } from '../../app/screen-props';

/** What a section of a project gets from the shell: the loaded project and the route's params. */
export type SectionProps = { project: Project; params: ScreenParams; title: string };
