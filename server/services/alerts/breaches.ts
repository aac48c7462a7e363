import type { Kysely } from 'kysely';
import { CPK_DAYS, FALSE_FAIL_DAYS, type AlertParams, type AlertRuleSpec } from '../../../contract/alerts';
import { addDays, todayUtc } from '../../../contract/cartridges';
import type { DB } from '../../db/schema';
import type { AlertSources } from './sources';

/** One subject in breach of a rule now: what the occurrence will say, and where to look. */
export type Breach = { subject: string; title: string; detail: string; link: string };

export type JudgedRule = AlertRuleSpec & { project_id: number; company_id: number; project_name: string };

const pct = (v: number) => `${(Math.round(v * 1000) / 10).toString()}%`;
const stepLink = (profileId: number, step: string, extra: { point?: number; from?: string } = {}) =>
  `/testprofiles/${profileId}?step=${encodeURIComponent(step)}${extra.from ? `&from=${extra.from}` : ''}${extra.point === undefined ? '' : `&point=${extra.point}`}#statistics`;
const jigLink = (settingId: number | null) => (settingId === null ? '/enclosures' : `/enclosures/${settingId}/health`);
const stepChosen = (params: { step?: string }, step: string) => params.step === undefined || params.step === step;

/** The subjects of the rule's project in breach now, from the figures of `sources`. */
export async function breachesOf(db: Kysely<DB>, rule: JudgedRule, sources: AlertSources, now: Date): Promise<Breach[]> {
  const project = rule.project_name;
  switch (rule.kind) {
    case 'first_pass_yield_below': {
      const p: AlertParams<'first_pass_yield_below'> = rule.params;
      const { boards, first_passes } = await sources.firstPassYield(db, rule.project_id, p.last_boards);
      // Fewer boards than the window say too little: judged once the window is full.
      if (boards < p.last_boards) return [];
      const fpy = first_passes / boards;
      if (fpy >= p.level) return [];
      return [
        {
          subject: 'project',
          title: `${project}: first-pass yield ${pct(fpy)} is below ${pct(p.level)}`,
          detail: `${first_passes} of the last ${boards} boards first tested passed their first run. Look at the failing steps and the jigs in the project's statistics.`,
          link: `/statistics?project=${rule.project_id}`,
        },
      ];
    }
    case 'cpk_below': {
      const p: AlertParams<'cpk_below'> = rule.params;
      const steps = await sources.stepCapabilities(db, rule.project_id, now);
      return steps
        .filter((s) => stepChosen(p, s.step) && s.cpk !== null && s.cpk < p.level)
        .map((s) => ({
          subject: `step:${s.profile_id}:${s.step}`,
          title: `${project}: Cpk of “${s.step}” is ${s.cpk!.toFixed(2)}, below ${p.level}`,
          detail: `Profile ${s.profile}, step “${s.step}”, over the last ${CPK_DAYS} days: look at its histogram and run chart for a shift, a drift or a spread.`,
          link: stepLink(s.profile_id, s.step, { from: s.from }),
        }));
    }
    case 'run_rule': {
      const p: AlertParams<'run_rule'> = rule.params;
      const violations = (await sources.runRuleViolations(db, rule.project_id)).filter((v) => stepChosen(p, v.step));
      // One occurrence per step: its newest violation is the point to look at.
      const newest = new Map<string, (typeof violations)[number]>();
      for (const v of violations) {
        const key = `step:${v.profile_id}:${v.step}`;
        const seen = newest.get(key);
        if (!seen || v.finished_at > seen.finished_at || (v.finished_at === seen.finished_at && v.report_id > seen.report_id)) newest.set(key, v);
      }
      return [...newest.entries()].map(([subject, v]) => ({
        subject,
        title: `${project}: run rule ${v.rule} fired on “${v.step}”`,
        detail: `The point of report ${v.report_id} (${v.finished_at.slice(0, 16).replace('T', ' ')} UTC) on step “${v.step}”'s run chart breaks rule ${v.rule}: look at the run chart around it.`,
        link: stepLink(v.profile_id, v.step, { point: v.report_id }),
      }));
    }
    case 'false_fail_rate_above': {
      const p: AlertParams<'false_fail_rate_above'> = rule.params;
      const jigs = await sources.falseFailRates(db, rule.company_id, rule.project_id, now);
      return jigs
        .filter((j) => (p.jig_id === undefined || j.jig_id === p.jig_id) && j.rate !== null && j.rate > p.level)
        .map((j) => ({
          subject: `jig:${j.jig_id}`,
          title: `${project}: jig “${j.name}” false-fail rate ${pct(j.rate!)} is above ${pct(p.level)}`,
          detail: `${j.false_fails} of its ${j.runs} runs in the last ${FALSE_FAIL_DAYS} days failed a board that then passed with no repair: look at the jig's steps and cartridges.`,
          link: jigLink(j.setting_id),
        }));
    }
    case 'jig_not_ready': {
      const p: AlertParams<'jig_not_ready'> = rule.params;
      const jigs = await sources.jigReadiness(db, rule.company_id, rule.project_id, now);
      return jigs
        .filter((j) => (p.jig_id === undefined || j.jig_id === p.jig_id) && !j.ready)
        .map((j) => ({
          subject: `jig:${j.jig_id}`,
          title: `${project}: jig “${j.name}” is not fit to test`,
          detail: j.problems.join(' '),
          link: jigLink(j.setting_id),
        }));
    }
    case 'calibration_due': {
      const p: AlertParams<'calibration_due'> = rule.params;
      const until = addDays(todayUtc(now), p.days);
      const due = await sources.calibrationsDue(db, rule.project_id, until);
      return due.map((c) => ({
        subject: `cartridge:${c.cartridge_id}`,
        title: c.due_at === null ? `${project}: cartridge “${c.serial}” was never calibrated` : `${project}: cartridge “${c.serial}” is due calibration on ${c.due_at}`,
        detail: `Have cartridge “${c.serial}” calibrated${c.due_at ? ` by ${c.due_at}` : ''} and record it: a jig with an overdue cartridge is not fit to test.`,
        link: `/cartridges/${c.cartridge_id}/health`,
      }));
    }
  }
}
