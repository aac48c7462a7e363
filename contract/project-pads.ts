import { z } from 'zod';
import { testPadSchema } from './requests';

/**
 * `GET /projects/{id}/pads`: the project's board as its pogo-board drawing needs it. Each test
 * pad of the request the project was made from (x, y, side, diameter, kind, name, net, probe),
 * its pad group, the test resources (connector pins of the selected cartridges) wired to that
 * group, and the steps that measure those resources: the active profile's, and the other
 * profiles' by name (their versions share step names). Normalised, since a board has up to
 * 20,000 pads and a handful of groups, pins and steps: a pad names its group, a group its
 * resources, a step its resources. `padDetails` and `stepsByPad` put them back together.
 */

const named = z.object({ id: z.number().int(), name: z.string() });

export const projectPadSchema = testPadSchema.omit({ request_id: true });
export type ProjectPad = z.infer<typeof projectPadSchema>;

export const projectPadGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  resource_type: named,
  /** The project's test resources wired to it (one, for a mapped group). */
  test_resource_ids: z.array(z.number().int()),
});
export type ProjectPadGroup = z.infer<typeof projectPadGroupSchema>;

export const projectPadResourceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  test_pad_group_id: z.number().int().nullable(),
  bay: z.number().int(),
  cartridge_type: named,
  connector_pin: z.object({ id: z.number().int(), number: z.number().int(), name: z.string() }),
});
export type ProjectPadResource = z.infer<typeof projectPadResourceSchema>;

export const projectPadStepSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  test_resource_ids: z.array(z.number().int()),
});
export type ProjectPadStep = z.infer<typeof projectPadStepSchema>;

export const otherPadStepSchema = z.object({
  name: z.string(),
  /** Every resource a step of this name measures in any of those profiles. */
  test_resource_ids: z.array(z.number().int()),
  profiles: z.array(z.object({ id: z.number().int(), name: z.string(), version: z.string(), status: z.enum(['draft', 'archived']) })),
});
export type OtherPadStep = z.infer<typeof otherPadStepSchema>;

export const projectPadsSchema = z.object({
  /** The request the pads come from; null for a project not made from one (no pads). */
  request_id: z.number().int().nullable(),
  /** By name as people read them (TP2 before TP10). */
  pads: z.array(projectPadSchema),
  pad_groups: z.array(projectPadGroupSchema),
  /** Every test resource of the project, by bay and pin (one added by hand has no group, so no pads). */
  test_resources: z.array(projectPadResourceSchema),
  /** The active profile and its steps that measure a resource, in order. */
  active_profile: z
    .object({ id: z.number().int(), name: z.string(), version: z.string(), steps: z.array(projectPadStepSchema) })
    .nullable(),
  /** Steps of the drafts and archived profiles that measure a resource, by step name. */
  other_steps: z.array(otherPadStepSchema),
});
export type ProjectPads = z.infer<typeof projectPadsSchema>;

export type PadDetails = {
  pad: ProjectPad;
  group: ProjectPadGroup | null;
  resources: ProjectPadResource[];
  steps: ProjectPadStep[];
  other_steps: OtherPadStep[];
};

/** Everything about one pad: its group, the pins wired to it and the steps measuring those. */
export function padDetails(board: ProjectPads, padId: number): PadDetails | null {
  const pad = board.pads.find((p) => p.id === padId);
  if (!pad) return null;
  const group = pad.group_id === null ? null : (board.pad_groups.find((g) => g.id === pad.group_id) ?? null);
  const ids = new Set(group?.test_resource_ids ?? []);
  const measures = (s: { test_resource_ids: number[] }) => s.test_resource_ids.some((id) => ids.has(id));
  return {
    pad,
    group,
    resources: board.test_resources.filter((r) => ids.has(r.id)),
    steps: (board.active_profile?.steps ?? []).filter(measures),
    other_steps: board.other_steps.filter(measures),
  };
}

/** Pad id → the active profile's steps that measure it: what a drawing coloured per step reads. */
export function stepsByPad(board: ProjectPads): Map<number, ProjectPadStep[]> {
  const byResource = new Map<number, ProjectPadStep[]>();
  for (const step of board.active_profile?.steps ?? []) {
    for (const id of step.test_resource_ids) byResource.set(id, [...(byResource.get(id) ?? []), step]);
  }
  const byGroup = new Map<number, ProjectPadStep[]>(board.pad_groups.map((g) => [g.id, [...new Set(g.test_resource_ids.flatMap((id) => byResource.get(id) ?? []))]]));
  const byPad = new Map<number, ProjectPadStep[]>();
  for (const pad of board.pads) {
    const steps = pad.group_id === null ? undefined : byGroup.get(pad.group_id);
    if (steps?.length) byPad.set(pad.id, steps);
  }
  return byPad;
}
