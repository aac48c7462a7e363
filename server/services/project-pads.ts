import type { Kysely } from 'kysely';
import { analysePogoBoard } from '../../contract/pogo-board';
import type { OtherPadStep, ProjectPads, ProjectPadStep } from '../../contract/project-pads';
import type { Project } from '../../contract/projects';
import type { DB } from '../db/schema';
import { activeProfileOf, measuringSteps, projectPadResources, requestPadGroups, type MeasuringStepRow } from '../store/project-pads';
import { requestPads } from '../store/request-pads';

/** TP2 before TP10, as the request's pad list reads. */
const natural = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Rows of links → one step each, with every resource it measures. */
function stepsOf(rows: readonly MeasuringStepRow[]): ProjectPadStep[] {
  const steps = new Map<number, ProjectPadStep>();
  for (const r of rows) {
    const step = steps.get(r.id) ?? { id: r.id, name: r.name, position: r.position, test_resource_ids: [] };
    step.test_resource_ids.push(r.test_resource_id);
    steps.set(r.id, step);
  }
  return [...steps.values()].sort((a, b) => a.position - b.position || a.id - b.id);
}

/** The other profiles' steps, one per name, with the profiles that have it and the union of their resources. */
function otherStepsOf(rows: readonly MeasuringStepRow[]): OtherPadStep[] {
  const byName = new Map<string, { resources: Set<number>; profiles: Map<number, OtherPadStep['profiles'][number]> }>();
  for (const r of rows) {
    if (r.profile_status === 'active') continue;
    const entry = byName.get(r.name) ?? { resources: new Set(), profiles: new Map() };
    entry.resources.add(r.test_resource_id);
    entry.profiles.set(r.profile_id, { id: r.profile_id, name: r.profile_name, version: r.profile_version, status: r.profile_status });
    byName.set(r.name, entry);
  }
  return [...byName.entries()]
    .sort(([a], [b]) => natural.compare(a, b))
    .map(([name, e]) => ({ name, test_resource_ids: [...e.resources].sort((a, b) => a - b), profiles: [...e.profiles.values()] }));
}

export async function projectPads(db: Kysely<DB>, project: Project): Promise<ProjectPads> {
  const requestId = project.request_id;
  const [pads, groups, resources, links, active] = await Promise.all([
    requestId === null ? [] : requestPads(db, requestId),
    requestId === null ? [] : requestPadGroups(db, requestId),
    projectPadResources(db, project.id),
    measuringSteps(db, project.id),
    activeProfileOf(db, project.id),
  ]);
  // The probe depends on the neighbours, so it is derived as the request's pogo board derives it.
  const probes = new Map(analysePogoBoard(pads).probes.map((p) => [p.pad_id, p.probe]));
  return {
    request_id: requestId,
    pads: pads
      .map(({ request_id: _request, ...pad }) => ({ ...pad, probe: probes.get(pad.id) ?? null }))
      .sort((a, b) => natural.compare(a.name, b.name) || a.id - b.id),
    pad_groups: groups.map((g) => ({
      id: g.id,
      name: g.name,
      resource_type: { id: g.rt_id, name: g.rt_name },
      test_resource_ids: resources.filter((r) => r.test_pad_group_id === g.id).map((r) => r.id),
    })),
    test_resources: resources.map((r) => ({
      id: r.id,
      name: r.name,
      test_pad_group_id: r.test_pad_group_id,
      bay: r.bay,
      cartridge_type: { id: r.ct_id, name: r.ct_name },
      connector_pin: { id: r.pin_id, number: r.pin_number, name: r.pin_name },
    })),
    active_profile: active ? { ...active, steps: stepsOf(links.filter((l) => l.profile_id === active.id)) } : null,
    other_steps: otherStepsOf(links),
  };
}
