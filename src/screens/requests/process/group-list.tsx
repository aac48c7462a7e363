import { useState } from 'react';
import type { TestPadGroup } from '../../../../contract/requests';
import { inGroup, notIn } from '../../../../machines/pad-groups';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { groupColour } from '../../../components/pad-drawing/pad-geometry';
import type { PadGroupsActor } from './pad-groups-step';

type Props = { actor: PadGroupsActor; groups: readonly TestPadGroup[]; selection: readonly number[]; busy: boolean };

const pads = (n: number) => `${n} pad${n === 1 ? '' : 's'}`;

/**
 * The request's groups, each with its colour on the drawing: add the selected pads to it (they
 * leave their other group), take them out, rename it, delete it. A mapped group says so, and
 * deleting it warns that its wiring goes with it.
 */
export function GroupList({ actor, groups, selection, busy }: Props) {
  const [deleting, setDeleting] = useState<TestPadGroup | null>(null);
  const [renaming, setRenaming] = useState<{ id: number; name: string } | null>(null);

  if (!groups.length) return <p className="text-sm text-secondary">No groups yet: select pads on the drawing, then create a group.</p>;
  return (
    <>
      <ul aria-label="Pad groups" className="flex flex-col divide-y divide-secondary-light rounded-md border border-secondary-light">
        {groups.map((group) => {
          const adds = notIn(group, selection).length;
          const removes = inGroup(group, selection).length;
          return (
            <li key={group.id} className="flex flex-col gap-2 p-3" aria-label={group.name}>
              <div className="flex items-center gap-2">
                <span aria-hidden="true" className="size-3 shrink-0 rounded-full" style={{ background: groupColour(group.id) }} />
                {renaming?.id === group.id ? (
                  <form
                    className="flex flex-1 gap-2"
                    onSubmit={(e) => {
                      e.preventDefault();
                      if (renaming.name.trim()) actor.send({ type: 'group.rename', groupId: group.id, name: renaming.name.trim() });
                      setRenaming(null);
                    }}
                  >
                    <input
                      aria-label={`New name of ${group.name}`}
                      value={renaming.name}
                      autoFocus
                      onChange={(e) => setRenaming({ id: group.id, name: e.target.value })}
                      className="min-h-9 min-w-0 flex-1 rounded-md border border-secondary/40 px-2 text-sm"
                    />
                    <Button type="submit" variant="secondary" className="min-h-9 px-2">
                      Save
                    </Button>
                  </form>
                ) : (
                  <span className="min-w-0 flex-1 truncate font-medium text-gray-900">{group.name}</span>
                )}
                <span className="text-sm text-secondary tabular-nums">{pads(group.pad_ids.length)}</span>
              </div>
              <div className="flex flex-wrap items-center gap-2 text-sm text-secondary">
                {group.resource_type.name}
                {group.mapping ? <Badge tone="success">Mapped</Badge> : null}
              </div>
              <div className="flex flex-wrap gap-1">
                <Button variant="ghost" className="min-h-9 px-2" disabled={busy || !adds} onClick={() => actor.send({ type: 'group.assign', groupId: group.id })}>
                  {adds ? `Add ${pads(adds)}` : 'Add selection'}
                </Button>
                <Button
                  variant="ghost"
                  className="min-h-9 px-2"
                  disabled={busy || !removes}
                  onClick={() => actor.send({ type: 'group.removePads', groupId: group.id })}
                >
                  {removes ? `Remove ${pads(removes)}` : 'Remove selection'}
                </Button>
                <Button variant="ghost" className="min-h-9 px-2" disabled={busy} onClick={() => setRenaming({ id: group.id, name: group.name })}>
                  Rename
                </Button>
                <Button variant="ghost" className="min-h-9 px-2 text-error" disabled={busy} onClick={() => setDeleting(group)}>
                  Delete
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={`Delete group “${deleting?.name ?? ''}”?`}
        description={
          deleting?.mapping
            ? `Its ${pads(deleting.pad_ids.length)} go back to no group, and its wiring to ${deleting.mapping.connector_pin.name} is removed.`
            : `Its ${pads(deleting?.pad_ids.length ?? 0)} go back to no group.`
        }
        confirmLabel="Delete group"
        danger
        onConfirm={() => {
          if (deleting) actor.send({ type: 'group.delete', groupId: deleting.id });
          setDeleting(null);
        }}
      />
    </>
  );
}
