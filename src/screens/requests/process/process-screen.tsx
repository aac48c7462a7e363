import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { isNotFound } from '../../../api/client';
import { idParam, type ScreenProps } from '../../../app/screen-props';
import { Button } from '../../../components/button';
import { ButtonLink } from '../../../components/button-link';
import { ErrorPresenter } from '../../../components/error-presenter';
import { PageHeader } from '../../../components/page-header';
import { LoadingBlock } from '../../../components/spinner';
import { RequestStatusBadge, stepLabel } from '../components/request-status';
import { requestLogic } from './request-actors';
import { RejectDialog } from './reject-dialog';
import { StepArea, type RequestActor } from './step-area';

export const ALL_REQUESTS = '/manage/requests';

/**
 * `/manage/requests/process/{requestId}`: a superadmin takes a request from its documents to a
 * project, one step at a time. The request machine says which step is shown and moves between
 * them with the server's word; reopening or reloading lands on the first unfinished step.
 */
export function ProcessRequestScreen({ params }: ScreenProps) {
  const id = idParam(params, 'requestId');
  if (id <= 0) return <RequestNotFound />;
  return <ProcessHost key={id} requestId={id} />;
}

/** The machine lives as long as this request's page: leaving it stops the flow and its child. */
function ProcessHost({ requestId }: { requestId: number }) {
  const client = useQueryClient();
  const logic = useMemo(() => requestLogic(client), [client]);
  const actor = useActorRef(logic, { input: { requestId } });
  return <ProcessView actor={actor} />;
}

function ProcessView({ actor }: { actor: RequestActor }) {
  const snapshot = useSelector(actor, (s) => s);
  const { request, failure } = snapshot.context;
  // The dialog belongs to the request as it was when it opened: once the machine has rejected it
  // (the request changes) it closes; a refusal leaves the request as it was, so the dialog stays.
  const [askedOf, setAskedOf] = useState<string | null>(null);

  if (snapshot.matches('loadFailed')) {
    if (isNotFound(failure?.error)) return <RequestNotFound />;
    return (
      <div className="flex flex-col items-start gap-3">
        <ErrorPresenter error={failure?.error} title="Could not open the request" />
        <Button variant="secondary" onClick={() => actor.send({ type: 'retry' })}>
          Try again
        </Button>
      </div>
    );
  }
  if (!request) return <LoadingBlock label="Opening the request" />;

  const canReject = !snapshot.matches('done') && !snapshot.matches('rejected') && !snapshot.matches('reopening') && request.project === null;
  // Opening a request changes nothing: a submitted one waits for a superadmin to start its review.
  const canStartReview = snapshot.can({ type: 'review.start' }) || snapshot.matches('startingReview');
  return (
    <>
      <PageHeader
        title={request.projectname}
        back={{ href: ALL_REQUESTS, label: 'All requests' }}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <RequestStatusBadge status={request.status} />
            <span>
              {request.company.name} · step: {stepLabel(request.step)}
              {request.reviewer ? ` · reviewed by ${request.reviewer.name}` : ''}
            </span>
          </span>
        }
        actions={
          <>
            {canStartReview ? (
              <Button busy={snapshot.matches('startingReview')} disabled={snapshot.hasTag('busy')} onClick={() => actor.send({ type: 'review.start' })}>
                Start review
              </Button>
            ) : null}
            {canReject ? (
              <Button variant="secondary" onClick={() => setAskedOf(request.updated_at)} disabled={snapshot.hasTag('busy')}>
                Reject request
              </Button>
            ) : null}
          </>
        }
      />
      <StepArea actor={actor} />
      {askedOf === request.updated_at && !snapshot.matches('rejected') ? (
        <RejectDialog
          open
          onOpenChange={(open) => setAskedOf(open ? request.updated_at : null)}
          projectname={request.projectname}
          busy={snapshot.matches('rejecting')}
          error={failure?.during === 'reject' ? failure.error : null}
          onReject={(reason) => actor.send({ type: 'request.reject', reason })}
        />
      ) : null}
    </>
  );
}

function RequestNotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-gray-900">Request not found</h1>
      <p className="text-secondary">There is no such project request.</p>
      <ButtonLink href={ALL_REQUESTS} variant="secondary">
        All requests
      </ButtonLink>
    </div>
  );
}
