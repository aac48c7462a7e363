import type { TestPad, TestPadGroup } from '../contract/requests';

/**
 * The pure part of editing pad groups (pad-groups.machine.ts): what a click, a rubber band or a
 * net makes of the selection, and what the groups look like after the server answered a change.
 * A pad is in at most one group; tooling holes get no probe, so they are never selected or grouped.
 */

/** How a pick changes the selection: a click (`replace`), shift-click or a band with shift (`add`), ctrl-click (`toggle`). */
export type SelectMode = 'replace' | 'add' | 'toggle';

/** A pad that gets a probe, and so must end in a group. */
export const isProbed = (pad: Pick<TestPad, 'kind'>) => pad.kind !== 'tooling';

/**
 * The selection after picking `ids` (pad ids; tooling holes and ids of no pad are ignored).
 * Kept in the order the pads are listed, so two ways to the same selection are equal.
 */
export function selectPads(pads: readonly TestPad[], selection: readonly number[], ids: readonly number[], mode: SelectMode): number[] {
  const picked = new Set(ids);
  const before = new Set(selection);
  const keep = (pad: TestPad) => {
    if (!isProbed(pad)) return false;
    if (mode === 'replace') return picked.has(pad.id);
    if (mode === 'add') return before.has(pad.id) || picked.has(pad.id);
    return before.has(pad.id) !== picked.has(pad.id);
  };
  return pads.filter(keep).map((pad) => pad.id);
}

/** The probed pads on one net (selecting a net picks them all). */
export const padsOnNet = (pads: readonly TestPad[], net: string) => pads.filter((pad) => isProbed(pad) && pad.net === net).map((pad) => pad.id);

/** How many probed pads are in no group: the pad-groups step is finished at 0. */
export function ungroupedCount(pads: readonly TestPad[], groups: readonly TestPadGroup[]): number {
  const grouped = new Set(groups.flatMap((group) => group.pad_ids));
  return pads.filter((pad) => isProbed(pad) && !grouped.has(pad.id)).length;
}

/** The pads of `selection` that are not in `group` yet (what assigning the selection to it moves). */
export const notIn = (group: Pick<TestPadGroup, 'pad_ids'>, selection: readonly number[]) =>
  selection.filter((id) => !group.pad_ids.includes(id));

/** The pads of `selection` that are in `group` (what removing the selection from it takes out). */
export const inGroup = (group: Pick<TestPadGroup, 'pad_ids'>, selection: readonly number[]) =>
  selection.filter((id) => group.pad_ids.includes(id));

/**
 * The groups after the server answered a create or an update with `saved`: it replaces its old
 * self (or is added), and its pads leave whichever group held them before (the server moved them).
 */
export function withSaved(groups: readonly TestPadGroup[], saved: TestPadGroup): TestPadGroup[] {
  const moved = new Set(saved.pad_ids);
  const others = groups
    .filter((group) => group.id !== saved.id)
    .map((group) => (group.pad_ids.some((id) => moved.has(id)) ? { ...group, pad_ids: group.pad_ids.filter((id) => !moved.has(id)) } : group));
  const at = groups.findIndex((group) => group.id === saved.id);
  return at < 0 ? [...others, saved] : [...others.slice(0, at), saved, ...others.slice(at)];
}

/** The groups after one was deleted (its pads are in no group now). */
export const withoutGroup = (groups: readonly TestPadGroup[], groupId: number) => groups.filter((group) => group.id !== groupId);
