import { useMutation } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { padGroupsMachine } from '../../../../machines/pad-groups.machine';
import { isProbed } from '../../../../machines/pad-groups';
import { groupPadsByNet } from '../../../api/request-hardware';
import { Button } from '../../../components/button';
import { ErrorPresenter } from '../../../components/error-presenter';
import { FilterSelect } from '../../../components/filter-select';
import { LoadingBlock } from '../../../components/spinner';
import { showSuccess } from '../../../components/toast';
import { PadDrawing } from '../../../components/pad-drawing/pad-drawing';
import type { DrawingPad } from '../../../components/pad-drawing/pad-geometry';
import { GroupList } from './group-list';
import { NewGroupForm } from './new-group-form';

export type PadGroupsActor = ActorRefFrom<typeof padGroupsMachine>;

/** The probed pads in no group: what is left to do on this step. */
const ungroupedIds = (pads: readonly DrawingPad[]) => pads.filter((pad) => isProbed(pad) && pad.group_id === null).map((pad) => pad.id);

const count = (n: number, noun: string) => `${n.toLocaleString('en')} ${noun}${n === 1 ? '' : 's'}`;

/**
 * The pad-groups step: the board drawn by group, a selection made by clicking, rubber band or
 * net, and the groups it goes into. Renders off the pad-groups machine (the request machine's
 * `padGroups` child): every change is its event, every save its state.
 */
export function PadGroupsStep({ actor, onRegrouped }: { actor: PadGroupsActor; onRegrouped: () => void }) {
  const snapshot = useSelector(actor, (s) => s);
  const { requestId, pads, groups, selection, failure, ungroupedOnFinish } = snapshot.context;
  // Many groups in one call; the request machine then loads the step afresh ('request.refresh').
  const byNet = useMutation({
    mutationFn: (resourceTypeId: number) => groupPadsByNet(requestId, { resource_type_id: resourceTypeId, pad_ids: selection }),
    onSuccess: ({ groups: made, skipped_pad_ids: skipped }) => {
      showSuccess(
        `${count(made.length, 'group')} by net.${skipped.length ? ` ${count(skipped.length, 'pad')} without a net ${skipped.length === 1 ? 'stays' : 'stay'} in no group: group ${skipped.length === 1 ? 'it' : 'them'} by hand.` : ''}`,
      );
      onRegrouped();
    },
  });
  const busy = snapshot.hasTag('busy') || byNet.isPending;

  // The groups are the truth after a save; a pad's own group_id is as it was loaded.
  const drawn = useMemo<DrawingPad[]>(() => {
    const groupOf = new Map<number, number>();
    for (const group of groups) for (const id of group.pad_ids) groupOf.set(id, group.id);
    return pads.map((pad) => ({ ...pad, group_id: groupOf.get(pad.id) ?? null }));
  }, [pads, groups]);
  const selected = useMemo(() => new Set(selection), [selection]);
  const nets = useMemo(() => [...new Set(pads.filter(isProbed).flatMap((pad) => (pad.net ? [pad.net] : [])))].sort(), [pads]);
  const ungrouped = ungroupedIds(drawn).length;

  if (snapshot.matches('loading')) return <LoadingBlock label="Loading pads and groups" />;
  if (snapshot.matches('loadFailed'))
    return (
      <div className="flex flex-col items-start gap-3">
        <ErrorPresenter error={failure?.error} title="Could not load the pads and groups" />
        <Button variant="secondary" onClick={() => actor.send({ type: 'retry' })}>
          Try again
        </Button>
      </div>
    );

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-2">
          <PadDrawing
            pads={drawn}
            colourBy="group"
            selectedIds={selected}
            onSelect={(ids, mode) => actor.send({ type: 'pads.select', ids, mode })}
            label="Test pads by group"
          />
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <span aria-live="polite" className="font-medium text-gray-900">
              {count(selection.length, 'pad')} selected
            </span>
            <FilterSelect
              label="Select net"
              value=""
              allLabel="Choose a net"
              options={nets.map((net) => ({ value: net, label: net }))}
              onValueChange={(net) => net && actor.send({ type: 'pads.selectNet', net })}
            />
            <Button
              variant="ghost"
              disabled={!ungrouped}
              onClick={() => actor.send({ type: 'pads.select', ids: ungroupedIds(drawn), mode: 'replace' })}
            >
              Select pads in no group
            </Button>
            <Button variant="ghost" disabled={!selection.length} onClick={() => actor.send({ type: 'selection.clear' })}>
              Clear selection
            </Button>
          </div>
        </div>
        <div className="flex flex-col gap-4">
          <NewGroupForm
            disabled={busy}
            selected={selection.length}
            takenNames={groups.map((g) => g.name)}
            onCreate={(name, resourceTypeId) => actor.send({ type: 'group.create', name, resourceTypeId })}
            onGroupByNet={(resourceTypeId) => byNet.mutate(resourceTypeId)}
          />
          {byNet.isError ? <ErrorPresenter error={byNet.error} title="The pads were not grouped by net" /> : null}
          <GroupList actor={actor} groups={groups} selection={selection} busy={busy} />
        </div>
      </div>

      {snapshot.matches('saveFailed') ? (
        <div className="flex flex-col items-start gap-3">
          <ErrorPresenter error={failure?.error} title="The change was not saved" />
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => actor.send({ type: 'retry' })}>
              Try again
            </Button>
            <Button variant="ghost" onClick={() => actor.send({ type: 'dismiss' })}>
              Dismiss
            </Button>
          </div>
        </div>
      ) : null}

      <div className="flex flex-wrap items-center justify-end gap-3 border-t border-secondary-light pt-4">
        <p className="mr-auto text-sm text-secondary" role="status">
          {ungroupedOnFinish !== null
            ? `${count(ungroupedOnFinish, 'pad')} that need a probe ${ungroupedOnFinish === 1 ? 'is' : 'are'} in no group yet.`
            : ungrouped
              ? `${count(ungrouped, 'pad')} still in no group.`
              : `Every probed pad is in one of ${count(groups.length, 'group')}.`}
        </p>
        <Button busy={snapshot.matches('saving')} disabled={busy} onClick={() => actor.send({ type: 'groups.finish' })}>
          Continue
        </Button>
      </div>
    </div>
  );
}
