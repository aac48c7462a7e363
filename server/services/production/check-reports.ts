import type { ReportStep } from '../../../contract/devices';
import type { OutOfPolicy } from '../../../contract/station';
import { invalidField } from '../../http/errors';
import { serialKey } from '../../store/devices';
import { outOfPolicyAnswer } from './report-policy';
import type { CheckedReport, IngestItem, IngestOutcome } from './store-reports';

/** A report stored before under a uuid, as the lookups found it. */
export type StoredBefore = { id: number; uuid: string; device_id: number; company_id: number; out_of_policy: string | null };
export type ProjectOwner = { id: number; company_id: number };

/** A report's times as stored. */
export function reportTimes(input: Pick<IngestItem['input'], 'started_at' | 'finished_at'>) {
  return { started_at: new Date(input.started_at).toISOString(), finished_at: new Date(input.finished_at).toISOString() };
}

/** A report whose `finished_at` comes before its `started_at` is refused (also left out of the boards the lookups make). */
export function timesInOrder(input: Pick<IngestItem['input'], 'started_at' | 'finished_at'>) {
  const { started_at, finished_at } = reportTimes(input);
  return finished_at >= started_at;
}

/**
 * The checks of each report against what the lookups found (stored before, the project) and
 * its own times. A stored uuid answers as a duplicate; a refusal answers with its field error;
 * the rest come back checked, to be stored. `outcomes` holds an answer for each report settled here.
 */
export function checkReports(items: IngestItem[], stored: Map<string, StoredBefore>, projects: Map<number, ProjectOwner>) {
  const outcomes: (IngestOutcome | undefined)[] = new Array(items.length);
  const checked: CheckedReport[] = [];
  items.forEach(({ jig, input }, index) => {
    const before = stored.get(input.uuid);
    if (before) {
      // A uuid another company's jig used is refused rather than answered: its ids do not leak.
      outcomes[index] =
        before.company_id === jig.company_id
          ? { ok: true, result: { report_id: before.id, device_id: before.device_id, duplicate: true, ...outOfPolicyAnswer(before.out_of_policy as OutOfPolicy | null, input.serial) } }
          : { ok: false, error: invalidField('uuid', 'This uuid belongs to another report.') };
      return;
    }
    const project = projects.get(input.project_id);
    // Another company's project reads as unknown, as it would to that company's users.
    if (!project || project.company_id !== jig.company_id) {
      outcomes[index] = { ok: false, error: invalidField('project_id', "There is no such project in this jig's company.") };
      return;
    }
    if (!timesInOrder(input)) {
      outcomes[index] = { ok: false, error: invalidField('finished_at', 'finished_at must not be before started_at.') };
      return;
    }
    const { started_at, finished_at } = reportTimes(input);
    const steps: ReportStep[] = input.steps.map((s) => ({
      name: s.name,
      value: s.value ?? null,
      unit: s.unit ?? null,
      low: s.low ?? null,
      high: s.high ?? null,
      pass: s.pass,
    }));
    checked.push({ index, jig, input, project, key: serialKey(input.serial), started_at, finished_at, steps });
  });
  return { outcomes, checked };
}
