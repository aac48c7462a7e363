import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import type { ActorRefFrom } from 'xstate';
import { REQUEST_STEP_LABELS, REQUEST_STEPS, stepBlocker, type ProjectRequest, type RequestStep } from '../../../../contract/requests';
import type { requestMachine } from '../../../../machines/request.machine';
import { Button } from '../../../components/button';
import { ButtonLink } from '../../../components/button-link';
import { Card } from '../../../components/card';
import { ErrorPresenter } from '../../../components/error-presenter';
import { CartridgesStep } from './cartridges-step';
import { CreateProjectStep } from './create-project-step';
import { DocumentsStep } from './documents-step';
import { MapStep } from './map-step';
import { ModulesStep } from './modules-step';
import { PadGroupsStep, type PadGroupsActor } from './pad-groups-step';
import { PogoBoardStep } from './pogo-board-step';
import { StepActions } from './step-actions';
import { StepList } from './step-list';
import type { StepPanelProps } from './step-props';
import { TestPadsStep } from './test-pads-step';
import { WiringList } from './wiring-list';

export type RequestActor = ActorRefFrom<typeof requestMachine>;

/** The panels of the steps whose Continue is the shell's (pad groups and create project finish themselves). */
const PANELS: Partial<Record<RequestStep, (props: StepPanelProps) => React.ReactNode>> = {
  documents: DocumentsStep,
  testPads: TestPadsStep,
  pogoBoard: PogoBoardStep,
  modules: ModulesStep,
  cartridges: CartridgesStep,
  mapPadGroups: MapStep,
};

/** What a step failed at, as a title over the server's words. */
const FAILURE_TITLES: Record<string, string> = {
  review: 'The review did not start',
  confirm: 'This step is not finished',
  refresh: 'Could not load the request again',
  reject: 'The request was not rejected',
  reopen: 'The request was not reopened',
  padGroups: 'The pad groups stopped; they are loaded again',
};

/**
 * The step list and the step on screen, rendered off the request machine: the panel of
 * `context.step` (kept on screen while the machine confirms or refreshes), Back and Continue
 * with the step's blocker, the rejected request with its reason, the created project.
 */
export function StepArea({ actor }: { actor: RequestActor }) {
  const snapshot = useSelector(actor, (s) => s);
  const { request, step, revisiting, failure, projectDraft } = snapshot.context;
  const onDataChanged = useCallback(() => actor.send({ type: 'request.refresh' }), [actor]);
  const padGroups = snapshot.children.padGroups as PadGroupsActor | undefined;
  if (!request) return null;

  if (snapshot.matches('rejected') || snapshot.matches('reopening')) return <Rejected actor={actor} request={request} busy={snapshot.matches('reopening')} failure={failure?.error} />;
  if (snapshot.matches('done')) return <Done request={request} />;
  if (!step) return null;

  const busy = snapshot.hasTag('busy');
  const index = REQUEST_STEPS.indexOf(step);
  const previous = index > 0 ? REQUEST_STEPS[index - 1] : null;
  const blocker = stepBlocker(request.progress, step);
  const Panel = PANELS[step];
  const failureShown = failure && failure.during !== 'project' ? failure : null;

  return (
    <div className="flex flex-col gap-4">
      <StepList shown={step} reached={request.step} onOpen={busy ? undefined : (open) => actor.send({ type: 'step.open', step: open })} />
      {revisiting ? (
        <p role="note" className="rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-900 ring-1 ring-sky-600/25 ring-inset">
          {REQUEST_STEP_LABELS[step]} is finished; you are looking at it again. A change here can reopen later steps (a pad removed leaves
          its group, a group changed may lose its wiring). Continue goes back to where the request stands.
        </p>
      ) : null}
      {failureShown ? <ErrorPresenter error={failureShown.error} title={FAILURE_TITLES[failureShown.during] ?? 'Something went wrong'} /> : null}
      <Card title={REQUEST_STEP_LABELS[step]} headingLevel={2}>
        {step === 'padGroups' ? (
          padGroups ? (
            <PadGroupsStep actor={padGroups} onRegrouped={onDataChanged} />
          ) : null
        ) : step === 'createProject' ? (
          <CreateProjectStep
            request={request}
            onDataChanged={onDataChanged}
            onCreate={(values) => actor.send({ type: 'project.create', ...values })}
            draft={projectDraft}
            busy={snapshot.matches('creatingProject')}
            error={failure?.during === 'project' ? failure.error : null}
          />
        ) : Panel ? (
          <Panel request={request} onDataChanged={onDataChanged} />
        ) : null}
      </Card>
      {Panel ? (
        <StepActions
          label={REQUEST_STEP_LABELS[step]}
          blocker={blocker}
          revisiting={revisiting}
          busy={busy}
          confirming={snapshot.matches('confirming')}
          onBack={previous ? () => actor.send({ type: 'step.open', step: previous }) : undefined}
          onContinue={() => actor.send({ type: 'step.continue' })}
        />
      ) : null}
    </div>
  );
}

function Rejected({ actor, request, busy, failure }: { actor: RequestActor; request: ProjectRequest; busy: boolean; failure: unknown }) {
  return (
    <Card title="Rejected" headingLevel={2}>
      <div className="flex flex-col items-start gap-3">
        <p className="text-sm text-gray-900">
          <span className="font-medium">Reason:</span> {request.rejected_reason}
        </p>
        {failure ? <ErrorPresenter error={failure} title="The request was not reopened" /> : null}
        <Button variant="secondary" busy={busy} onClick={() => actor.send({ type: 'request.reopen' })}>
          Reopen request
        </Button>
      </div>
    </Card>
  );
}

function Done({ request }: { request: ProjectRequest }) {
  return (
    <Card title="Project created" headingLevel={2}>
      <div className="flex flex-col items-start gap-3">
        <p className="text-sm text-gray-900">
          The request is completed: {request.company.name} has the project {request.project?.name ?? ''} with its hardware.
        </p>
        {request.project ? <ButtonLink href={`/projects/${request.project.id}`}>Open the project</ButtonLink> : null}
        <div className="w-full">
          <WiringList requestId={request.id} />
        </div>
      </div>
    </Card>
  );
}
