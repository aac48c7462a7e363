import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { Project } from '../../../../contract/projects';
import { hasPicks, type ReleaseBatchMachine } from '../../../../machines/release-batch.machine';
import { isNotFound } from '../../../api/client';
import { useLeaveGuard } from '../../../app/use-leave-guard';
import { Button } from '../../../components/button';
import { ErrorPresenter } from '../../../components/error-presenter';
import { LoadingBlock } from '../../../components/spinner';
import { releaseShowPath } from './paths';
import { ReleaseHeader, ReleaseNotFound } from './release-header';
import { ReleasePicker } from './release-picker';
import { ReleaseReview } from './release-review';
import { boards } from './release-status';

export type ReleaseActor = ActorRefFrom<ReleaseBatchMachine>;

export const UNSAVED_PICKS_REASON = 'The boards you picked are not saved in this release batch yet.';


/**
 * The edit screen rendered off the release batch machine: which part shows is the machine's
 * state, never a flag of this component. The model-based tests render this with their own actor.
 */
export function ReleaseEditor({ actor, project }: { actor: ReleaseActor; project: Project }) {
  const state = useSelector(actor, (s) => s);
  const [, navigate] = useLocation();
  const { batch, picks, failure } = state.context;
  const released = state.matches('released');

  useLeaveGuard(hasPicks(picks) && !released, UNSAVED_PICKS_REASON);

  // Released here or long ago: a released batch is read-only, its page is the record.
  useEffect(() => {
    if (released) navigate(releaseShowPath(project.id, state.context.batchId), { replace: true });
  }, [released, navigate, project.id, state.context.batchId]);

  if (state.matches('loading')) return <LoadingBlock label="Loading release batch" />;
  if (state.matches('loadFailed')) {
    if (isNotFound(failure?.error)) return <ReleaseNotFound projectId={project.id} />;
    return (
      <div className="flex flex-col items-start gap-3">
        <ErrorPresenter error={failure?.error} title="Could not load the release batch" />
        <Button variant="secondary" onClick={() => actor.send({ type: 'retry' })}>
          Retry
        </Button>
      </div>
    );
  }
  // A batch of another project is not edited under this one.
  if (!batch || batch.project_id !== project.id) return <ReleaseNotFound projectId={project.id} />;
  if (released) return <LoadingBlock label="Opening the released batch" />;

  const reviewing = state.matches('review') || state.matches('dropping') || state.matches('confirming') || state.matches('releasing');
  return (
    <div className="flex flex-col gap-5">
      <ReleaseHeader projectId={project.id} batch={batch} description={`${boards(batch.device_count)} in this batch`} />
      {state.matches('checking') ? <LoadingBlock label="Checking the batch" /> : null}
      {reviewing ? <ReleaseReview actor={actor} /> : null}
      {state.matches('picking') || state.matches('saving') ? <ReleasePicker actor={actor} project={project} /> : null}
    </div>
  );
}
