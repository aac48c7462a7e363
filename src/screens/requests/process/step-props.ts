import type { ProjectRequest } from '../../../../contract/requests';

/**
 * What the process screen gives each step's panel. A step saves its own work through its
 * resource's API (TanStack Query); the request machine only moves between steps. After a save
 * that may change where the request stands (a pad added, a group mapped), the panel calls
 * `onDataChanged` so the machine reloads the request's progress (the 'request.refresh' event).
 * The Continue / Back buttons and the step's blocker message are the shell's, not the panel's.
 */
export type StepPanelProps = {
  request: ProjectRequest;
  onDataChanged: () => void;
};
