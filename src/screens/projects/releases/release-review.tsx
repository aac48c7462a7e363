import { mdiArrowLeft, mdiPackageVariantClosedCheck, mdiRefresh } from '@mdi/js';
import { useSelector } from '@xstate/react';
import { canRelease } from '../../../../machines/release-batch.machine';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DefinitionList } from '../../../components/definition-list';
import { ErrorPresenter } from '../../../components/error-presenter';
import { DeviceStatusBadge } from '../status';
import type { ReleaseActor } from './release-editor';
import { boards, SourceBatches } from './release-status';
import { Card } from '../../../components/card';


/** What the last save did, in words; skipped picks were taken by someone else or stopped passing. */
function SaveOutcome({ added, removed, skipped }: { added: number; removed: number; skipped: number }) {
  const done = [added ? `${boards(added)} added` : null, removed ? `${boards(removed)} removed` : null].filter(Boolean);
  return (
    <div role="status" className="flex flex-col gap-1 text-sm">
      {done.length ? <p className="text-primary-dark">Saved: {done.join(', ')}.</p> : null}
      {skipped ? (
        <p className="rounded-md border border-amber-600/25 bg-amber-50 p-3 text-amber-900">
          {boards(skipped)} of your picks {skipped === 1 ? 'was' : 'were'} skipped: someone else took{' '}
          {skipped === 1 ? 'it' : 'them'} for another release batch, or {skipped === 1 ? 'it' : 'they'} no longer
          passed.
        </p>
      ) : null}
    </div>
  );
}

/**
 * The review step: how many boards, from which production batches, which stopped qualifying
 * (each with a one-click remove), then the release behind a confirmation.
 */
export function ReleaseReview({ actor }: { actor: ReleaseActor }) {
  const state = useSelector(actor, (s) => s);
  const { batch, notQualifying, lastSave, failure } = state.context;
  if (!batch) return null;
  const releasing = state.matches('releasing');
  const dropping = state.matches('dropping');
  const releasable = canRelease(state.context);
  const n = batch.device_count;

  return (
    <Card headingLevel={3} title="Review" icon={mdiPackageVariantClosedCheck}>
      <div className="flex flex-col gap-5">
        {lastSave ? <SaveOutcome {...lastSave} /> : null}
        {failure?.during === 'drop' ? <ErrorPresenter error={failure.error} title="Could not remove the board" /> : null}
        {failure?.during === 'release' ? <ErrorPresenter error={failure.error} title="The batch was not released" /> : null}
        <DefinitionList
          items={[
            { term: 'Boards', value: <span className="font-semibold">{boards(n)}</span> },
            {
              term: 'Production batches',
              value: <SourceBatches batches={batch.production_batches} />,
            },
          ]}
        />
        {notQualifying.length ? (
          <section aria-labelledby="not-qualifying" className="flex flex-col gap-2 rounded-md border border-error/30 bg-error-light/50 p-3">
            <h4 id="not-qualifying" className="text-sm font-semibold text-error">
              {boards(notQualifying.length)} no longer {notQualifying.length === 1 ? 'qualifies' : 'qualify'}
            </h4>
            <p className="text-sm text-gray-800">
              A later test failed {notQualifying.length === 1 ? 'it' : 'them'}, or {notQualifying.length === 1 ? 'it was' : 'they were'}{' '}
              scrapped. Remove {notQualifying.length === 1 ? 'it' : 'them'} to release the rest.
            </p>
            <ul className="divide-y divide-error/15">
              {notQualifying.map((d) => (
                <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="flex items-center gap-2">
                    <span className="font-mono text-sm">{d.serial}</span> <DeviceStatusBadge status={d.status} />
                  </span>
                  <Button variant="secondary" busy={dropping} onClick={() => actor.send({ type: 'board.drop', id: d.id })}>
                    Remove {d.serial}
                  </Button>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {n === 0 ? <p className="text-sm text-secondary">This batch has no boards yet. Go back and pick some.</p> : null}
        <div className="flex flex-wrap justify-between gap-2 border-t border-secondary-light pt-4">
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" icon={mdiArrowLeft} disabled={dropping} onClick={() => actor.send({ type: 'review.back' })}>
              Back to picking
            </Button>
            {/* Someone may have changed a board since: after a refused release above all. */}
            <Button variant="ghost" icon={mdiRefresh} disabled={dropping} onClick={() => actor.send({ type: 'review.refresh' })}>
              Check again
            </Button>
          </div>
          <Button className="w-full sm:w-auto" disabled={!releasable || dropping} onClick={() => actor.send({ type: 'release.request' })}>
            Release {boards(n)}…
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={state.matches('confirming') || releasing}
        onOpenChange={(open) => (open ? undefined : actor.send({ type: 'release.cancel' }))}
        title={`Release ${boards(n)}?`}
        description={`This cannot be undone. The ${n === 1 ? 'board becomes' : 'boards become'} released and this batch can no longer change.`}
        confirmLabel={`Release ${boards(n)}`}
        onConfirm={() => actor.send({ type: 'release.confirm' })}
        busy={releasing}
      />
    </Card>
  );
}
