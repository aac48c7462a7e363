/**
 * The requests the request machine's model tests answer with: one `loadRequest` answer per
 * half-done record (nothing done, each step done up to there, later steps done with an earlier
 * gap, all done, rejected, completed), and a small fake server for the answers of the calls.
 */
import type { ProjectRequest, RequestProgress, RequestStep } from '../../contract/requests';

export const REQUEST_ID = 42;
const T = '2026-11-20T09:00:00.000Z';

const NOTHING_DONE: RequestProgress = {
  confirmed_step: null,
  documents: 2,
  pads: 0,
  probed_pads: 0,
  ungrouped_pads: 0,
  pogo_errors: 0,
  groups: 0,
  unmapped_groups: 0,
  modules: 0,
  cartridges: 0,
  project_id: null,
};

export function request(status: ProjectRequest['status'], progress: Partial<RequestProgress> = {}): ProjectRequest {
  const p = { ...NOTHING_DONE, ...progress };
  return {
    id: REQUEST_ID,
    company: { id: 3, name: 'Voltline Assembly' },
    projectname: 'Motor controller MC-200 fixture',
    projectdescription: 'Bed of nails for the MC-200 main board.',
    status,
    // What the list shows; the machine reads `progress`, never this.
    step: 'documents',
    rejected_reason: status === 'rejected' ? 'The Gerbers are missing.' : null,
    project: p.project_id === null ? null : { id: p.project_id, name: 'Motor controller MC-200 fixture' },
    progress: p,
    created_by: { id: 1, name: 'root' },
    // Nobody reviews a request before someone starts to.
    reviewer: status === 'submitted' ? null : { id: 1, name: 'root' },
    review_started_at: status === 'submitted' ? null : T,
    created_at: T,
    updated_at: T,
  };
}

// The work of each step once it is done, as the counts show it.
const PADS = { pads: 40, probed_pads: 38 };
const POGO_OK = { ...PADS, pogo_errors: 0 };
const GROUPED = { ...POGO_OK, groups: 3, ungrouped_pads: 0, unmapped_groups: 3 };
const MODULES = { ...GROUPED, modules: 2 };
const CARTRIDGES = { ...MODULES, cartridges: 2 };
const MAPPED = { ...CARTRIDGES, unmapped_groups: 0 };

/** What opening the page can load. */
export const LOADS: Record<string, ProjectRequest> = {
  submitted: request('submitted'),
  'in review, nothing done': request('in_review'),
  'documents done': request('in_progress', { confirmed_step: 'documents' }),
  'test pads done, pogo board has errors': request('in_progress', { confirmed_step: 'testPads', ...PADS, pogo_errors: 2 }),
  'pogo board done': request('in_progress', { confirmed_step: 'pogoBoard', ...POGO_OK, ungrouped_pads: 38 }),
  'pad groups done': request('in_progress', { confirmed_step: 'padGroups', ...GROUPED }),
  'modules done': request('in_progress', { confirmed_step: 'modules', ...MODULES }),
  'cartridges done, a group unmapped': request('in_progress', { confirmed_step: 'cartridges', ...CARTRIDGES, unmapped_groups: 1 }),
  'everything mapped': request('in_progress', { confirmed_step: 'mapPadGroups', ...MAPPED }),
  // Confirmed further than the data holds: the earlier gap comes first.
  'mapped, then two pads added': request('in_progress', { confirmed_step: 'mapPadGroups', ...MAPPED, ungrouped_pads: 2 }),
  'cartridges done, then a pad moved too close': request('in_progress', { confirmed_step: 'cartridges', ...CARTRIDGES, pogo_errors: 1 }),
  'modules confirmed, no pads at all': request('in_progress', { confirmed_step: 'modules', ...MODULES, pads: 0, probed_pads: 0 }),
  completed: request('completed', { confirmed_step: 'mapPadGroups', ...MAPPED, project_id: 9 }),
  rejected: request('rejected', { confirmed_step: 'documents' }),
};

const ORDER: RequestStep[] = ['documents', 'testPads', 'pogoBoard', 'padGroups', 'modules', 'cartridges', 'mapPadGroups', 'createProject'];

/** The counts once a step's work is done (its panel saved it before Continue). */
const WORK: Record<RequestStep, (p: RequestProgress) => Partial<RequestProgress>> = {
  documents: () => ({}),
  testPads: (p) => (p.pads ? {} : PADS),
  pogoBoard: () => ({ pogo_errors: 0 }),
  padGroups: (p) => ({ groups: Math.max(p.groups, 3), ungrouped_pads: 0, unmapped_groups: p.groups ? p.unmapped_groups : 3 }),
  modules: (p) => ({ modules: Math.max(p.modules, 2) }),
  cartridges: (p) => ({ cartridges: Math.max(p.cartridges, 2) }),
  mapPadGroups: () => ({ unmapped_groups: 0 }),
  createProject: () => ({}),
};

/** The server's answer to confirming a step: the furthest confirmed step, its work in the counts; confirming documents starts the work. */
export function confirmed(r: ProjectRequest, step: RequestStep): ProjectRequest {
  const before = r.progress.confirmed_step === null ? -1 : ORDER.indexOf(r.progress.confirmed_step);
  const confirmedStep = ORDER.indexOf(step) > before ? step : r.progress.confirmed_step;
  return { ...r, status: 'in_progress', progress: { ...r.progress, ...WORK[step](r.progress), confirmed_step: confirmedStep } };
}

/** Someone took a pad out of its group in another tab (the counts stay bounded: the model's graph stays finite). */
export const padUngroupedElsewhere = (r: ProjectRequest): ProjectRequest => ({ ...r, progress: { ...r.progress, ungrouped_pads: 1 } });

export const inReview = (r: ProjectRequest): ProjectRequest => ({ ...r, status: 'in_review', rejected_reason: null, reviewer: { id: 1, name: 'root' }, review_started_at: T });
export const rejectedWith = (r: ProjectRequest, reason: string): ProjectRequest => ({ ...r, status: 'rejected', rejected_reason: reason });
export const withProject = (r: ProjectRequest): ProjectRequest => ({
  ...r,
  status: 'completed',
  project: { id: 9, name: r.projectname },
  progress: { ...r.progress, project_id: 9 },
});

export const NETWORK_DOWN = new Error('Network Error');
export const BLOCKED = Object.assign(new Error('2 pads that need a probe are in no group.'), { status: 422 });
export const COMPLETED_409 = Object.assign(new Error('The request is completed.'), { status: 409 });
export const CHILD_CRASHED = new Error('padGroups stopped');
export const REASON = 'The Gerbers are missing.';
export const PROJECT_DRAFT = { name: 'MC-200 fixture', description: 'Main board, both sides.' };
