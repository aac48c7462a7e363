import type { Kysely } from 'kysely';
import { ratio } from '../../contract/figures';
import { PAD_BOARDS_SHOWN, type PadBoard, type PadHealth, type PadHealthQuery, type PadStepHealth } from '../../contract/pad-health';
import type { Project } from '../../contract/projects';
import type { DB } from '../db/schema';
import { invalidField } from '../http/errors';
import { boardSerials, companyHadCartridge, jigCartridges, measuredGroups, padFailures, padRuns, projectJigs, type PadRange } from '../store/pad-health';
import { checkCompanyFilters, rangeBounds, resolveRange } from './statistics';

/** TP2 before TP10, as people read step and pad names. */
const natural = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * Each pad group's and step's failed runs and false fails for a project over a range of UTC days
 * (30 up to today unless said), at one of the company's jigs or on fixtures that held one of its
 * cartridges (422 on the filter otherwise), with the newest boards that failed at each group.
 */
export async function padHealth(db: Kysely<DB>, project: Project, query: PadHealthQuery): Promise<PadHealth> {
  const companyId = project.company_id;
  const { from, to } = resolveRange(query);
  await checkCompanyFilters(db, companyId, { enclosure_id: query.enclosure_id });
  if (query.cartridge_id !== undefined && !(await companyHadCartridge(db, companyId, query.cartridge_id))) {
    throw invalidField('cartridge_id', 'No fixture of this company held that cartridge.');
  }
  const range: PadRange = {
    company_id: companyId,
    ...rangeBounds({ from, to }),
    project_id: project.id,
    enclosure_id: query.enclosure_id,
    cartridge_id: query.cartridge_id,
  };
  const [failures, runs, measured, jigs] = await Promise.all([
    padFailures(db, range, PAD_BOARDS_SHOWN),
    padRuns(db, range, from, to),
    measuredGroups(db, project.id),
    projectJigs(db, companyId, project.id, from, to),
  ]);
  const [cartridges, serials] = await Promise.all([
    jigCartridges(db, companyId, jigs.map((j) => j.id)),
    boardSerials(db, [...new Set(failures.filter((f) => f.kind === 'board').map((f) => f.device_id!))]),
  ]);

  const rates = (fails: number, false_fails: number) => ({ runs, fails, false_fails, fail_rate: ratio(fails, runs), false_fail_rate: ratio(false_fails, runs) });
  const stepsOfGroup = new Map<number, Set<string>>();
  const groupsOfStep = new Map<string, Set<number>>();
  for (const m of measured) {
    stepsOfGroup.set(m.group_id, (stepsOfGroup.get(m.group_id) ?? new Set()).add(m.step));
    groupsOfStep.set(m.step, (groupsOfStep.get(m.step) ?? new Set()).add(m.group_id));
  }
  const counts = (kind: string, match: (f: (typeof failures)[number]) => boolean) => failures.find((f) => f.kind === kind && match(f)) ?? { fails: 0, false_fails: 0 };
  const boards = new Map<number, PadBoard[]>();
  for (const f of failures.filter((f) => f.kind === 'board')) {
    const list = boards.get(f.group_id!) ?? [];
    list.push({ device_id: f.device_id!, serial: serials.get(f.device_id!) ?? '', last_failed_at: f.at!, fails: f.fails, false_fails: f.false_fails });
    boards.set(f.group_id!, list);
  }
  const byNewest = (a: PadBoard, b: PadBoard) => (a.last_failed_at < b.last_failed_at ? 1 : a.last_failed_at > b.last_failed_at ? -1 : b.device_id - a.device_id);

  const groupIds = [...new Set([...stepsOfGroup.keys(), ...failures.filter((f) => f.kind === 'group').map((f) => f.group_id!)])].sort((a, b) => a - b);
  const padGroups = groupIds.map((id) => {
    const c = counts('group', (f) => f.group_id === id);
    return { id, ...rates(c.fails, c.false_fails), steps: [...(stepsOfGroup.get(id) ?? [])].sort(natural.compare), boards: (boards.get(id) ?? []).sort(byNewest) };
  });
  const stepNames = new Set([...groupsOfStep.keys(), ...failures.filter((f) => f.kind === 'step').map((f) => f.step!)]);
  const steps: PadStepHealth[] = [...stepNames]
    .map((name) => {
      const c = counts('step', (f) => f.step === name);
      return { name, ...rates(c.fails, c.false_fails), pad_group_ids: [...(groupsOfStep.get(name) ?? [])].sort((a, b) => a - b) };
    })
    .sort((a, b) => b.fails - a.fails || b.false_fails - a.false_fails || natural.compare(a.name, b.name));
  const total = counts('total', () => true);
  return {
    from,
    to,
    pad_groups: padGroups,
    steps,
    totals: { runs, fails: total.fails, false_fails: total.false_fails, placed_fails: counts('placed', () => true).fails },
    jigs: jigs.map((j) => ({ id: j.id, name: j.name, serial: j.serial })),
    cartridges: cartridges.map((c) => ({ id: c.id, serial: c.serial, type: c.type })),
  };
}
