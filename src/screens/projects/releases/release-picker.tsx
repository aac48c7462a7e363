import { useSelector } from '@xstate/react';
import type { Project } from '../../../../contract/projects';
import { ErrorPresenter } from '../../../components/error-presenter';
import { BatchBoards } from './batch-boards';
import { PicksBar } from './picks-bar';
import type { ReleaseActor } from './release-editor';
import { UnreleasedTable } from './unreleased-table';

const FAILURE_TITLES = {
  save: 'Could not save your picks. They are kept: try again.',
  review: 'Your picks are saved, but the review could not load. Try again.',
} as const;

/** The picking step: the unreleased boards to add, the batch's boards to take out, the picks bar. */
export function ReleasePicker({ actor, project }: { actor: ReleaseActor; project: Project }) {
  const { picks, failure, batchId } = useSelector(actor, (s) => s.context);
  const saving = useSelector(actor, (s) => s.matches('saving'));
  const failureTitle = failure && (failure.during === 'save' || failure.during === 'review') ? FAILURE_TITLES[failure.during] : null;

  return (
    <div className="flex flex-col gap-5">
      {failureTitle ? <ErrorPresenter error={failure?.error} title={failureTitle} /> : null}
      <section aria-labelledby="unreleased-boards" className="flex flex-col gap-3">
        <div>
          <h3 id="unreleased-boards" className="text-base font-semibold text-gray-900">
            Unreleased boards
          </h3>
          <p className="text-sm text-secondary">Passed boards of this project that are in no release batch yet.</p>
        </div>
        <UnreleasedTable projectId={project.id} picks={picks} actor={actor} />
      </section>
      <section aria-labelledby="batch-boards" className="flex flex-col gap-3">
        <h3 id="batch-boards" className="text-base font-semibold text-gray-900">
          Boards in this batch
        </h3>
        <BatchBoards batchId={batchId} picks={picks} actor={actor} />
      </section>
      <PicksBar projectId={project.id} picks={picks} saving={saving} actor={actor} />
    </div>
  );
}
