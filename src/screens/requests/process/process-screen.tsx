import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { REQUEST_STEP_LABELS } from '../../../../contract/requests';
import { isNotFound } from '../../../api/client';
import { requestChanged, requestOptions } from '../../../api/requests';
import { idParam, type ScreenProps } from '../../../app/screen-props';
import { ButtonLink } from '../../../components/button-link';
import { Card } from '../../../components/card';
import { ErrorPresenter } from '../../../components/error-presenter';
import { PageHeader } from '../../../components/page-header';
import { LoadingBlock } from '../../../components/spinner';
import { RequestStatusBadge, stepLabel } from '../components/request-status';
import { DocumentsStep } from './documents-step';
import { PogoBoardStep } from './pogo-board-step';
import type { StepPanelProps } from './step-props';
import { TestPadsStep } from './test-pads-step';

const ALL = '/manage/requests';

/**
 * `/manage/requests/process/{requestId}`. For now the request's header and the built step panels
 * one below the other; the request machine (stepper, Continue / Back, reject) replaces the stack.
 */
export function ProcessRequestScreen({ params }: ScreenProps) {
  const id = idParam(params, 'requestId');
  const client = useQueryClient();
  const query = useQuery(requestOptions(id));
  // The request's step and progress after a panel's save (the request machine takes this over).
  const onDataChanged = useCallback(() => void requestChanged(client, id), [client, id]);
  if (id <= 0 || (query.isError && isNotFound(query.error))) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center">
        <h1 className="text-2xl font-semibold text-gray-900">Request not found</h1>
        <p className="text-secondary">There is no such project request.</p>
        <ButtonLink href={ALL} variant="secondary">
          All requests
        </ButtonLink>
      </div>
    );
  }
  if (query.isPending) return <LoadingBlock label="Loading request" />;
  if (!query.data) return <ErrorPresenter error={query.error} title="Could not load the request" />;

  const request = query.data;
  const panel: StepPanelProps = { request, onDataChanged };
  return (
    <>
      <PageHeader
        title={request.projectname}
        back={{ href: ALL, label: 'All requests' }}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <RequestStatusBadge status={request.status} />
            <span>
              {request.company.name} · step: {stepLabel(request.step)}
            </span>
          </span>
        }
      />
      <div className="flex flex-col gap-6">
        <Card title={REQUEST_STEP_LABELS.documents}>
          <DocumentsStep {...panel} />
        </Card>
        <Card title={REQUEST_STEP_LABELS.testPads}>
          <TestPadsStep {...panel} />
        </Card>
        <Card title={REQUEST_STEP_LABELS.pogoBoard}>
          <PogoBoardStep {...panel} />
        </Card>
      </div>
    </>
  );
}
