import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  WHAT_IF_DEFAULT_DAYS,
  WHAT_IF_FLIPS_SHOWN,
  WHAT_IF_RUN_CAP,
  type LimitChange,
  type LimitProposal,
  type limitProposalInput,
  type LimitWhatIfAnswer,
  type limitWhatIfInput,
  type ProposedLimit,
  type WhatIfFlip,
  type WhatIfStep,
} from '../../contract/limit-what-if';
import type { Project } from '../../contract/projects';
import type { TestConfiguration } from '../../contract/test-profiles';
import type { DB } from '../db/schema';
import { invalid, invalidField, notFound } from '../http/errors';
import { applyLimits, batchOfProject, findProposal, insertProposal, profileIdsOfName, proposalOfDraft, replayPage, serialsOf, type ReplayCursor, type ReplayRun, type ReplayScope } from '../store/limit-proposals';
import { listSteps } from '../store/test-profile-parts';
import { copyProfileContents, findProfile, insertProfile, linkReports, lockProfile, PROFILE_VERSION_TAKEN, versionTaken } from '../store/test-profiles';

/**
 * Limit what-if: the scope's counted runs read in keyset pages (newest finished first, at most
 * WHAT_IF_RUN_CAP of them), each judged again against the proposed limits as
 * contract/limit-what-if.ts says, and only counters, the set of boards and the first page of
 * flips kept: never the history in memory. Nothing is written by a replay.
 */

/** Runs per page: a few megabytes of step JSON at most, and few round trips for the cap. */
export const REPLAY_PAGE = 4000;

/** How much a replay reads: at most `cap` runs, `page` at a time (tests make both small). */
export type ReplayBounds = { cap: number; page: number };
const BOUNDS: ReplayBounds = { cap: WHAT_IF_RUN_CAP, page: REPLAY_PAGE };

type Limits = Map<string, { low: number | null; high: number | null }>;
type ReportStep = { name?: unknown; value?: unknown; pass?: unknown };

export type Judged = {
  now: 'pass' | 'fail' | 'error';
  projected: 'pass' | 'fail' | 'error';
  /** Per proposed step of the run whose verdict changed: true when it passes now and failed before. */
  changed: { step: string; passes: boolean }[];
  /** Proposed steps the run carried, and whether each had a numeric value. */
  carried: { step: string; measured: boolean }[];
};

const within = (value: number, l: { low: number | null; high: number | null }) => (l.low === null || value >= l.low) && (l.high === null || value <= l.high);

/** One run judged again (pure): the rules of contract/limit-what-if.ts. */
export function judgeRun(result: string, stepsJson: string, limits: Limits): Judged {
  const now = result === 'pass' ? 'pass' : result === 'error' ? 'error' : 'fail';
  let steps: ReportStep[] = [];
  try {
    const parsed: unknown = JSON.parse(stepsJson);
    if (Array.isArray(parsed)) steps = parsed as ReportStep[];
  } catch {
    // A report whose steps cannot be read keeps its verdict.
  }
  const changed: Judged['changed'] = [];
  const carried: Judged['carried'] = [];
  let allPass = true;
  for (const s of steps) {
    if (!s || typeof s !== 'object') continue;
    const recorded = s.pass !== false;
    const proposal = typeof s.name === 'string' ? limits.get(s.name) : undefined;
    let passes = recorded;
    if (proposal) {
      const measured = typeof s.value === 'number' && Number.isFinite(s.value);
      carried.push({ step: s.name as string, measured });
      if (measured) passes = within(s.value as number, proposal);
      if (passes !== recorded) changed.push({ step: s.name as string, passes });
    }
    if (!passes) allPass = false;
  }
  const projected = now === 'error' || changed.length === 0 ? now : allPass ? 'pass' : 'fail';
  return { now, projected, changed, carried };
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The scope's days: `to` today unless given, `from` WHAT_IF_DEFAULT_DAYS days up to `to` unless given. */
export function replayDays(scope: { from?: string; to?: string }, today = new Date()): { from: string; to: string } {
  const to = scope.to ?? isoDay(today);
  const from = scope.from ?? isoDay(new Date(Date.parse(`${to}T00:00:00Z`) - (WHAT_IF_DEFAULT_DAYS - 1) * 86_400_000));
  return { from, to };
}

type Profile = { id: number; project_id: number; name: string };
type WhatIfInput = z.output<typeof limitWhatIfInput>;

/** The proposed steps, checked against the profile's: an unknown name is a 422 on its row. */
function changesOf(steps: TestConfiguration[], limits: ProposedLimit[]): LimitChange[] {
  const byName = new Map(steps.map((s) => [s.name, s]));
  const errors: Record<string, string[]> = {};
  const changes: LimitChange[] = [];
  limits.forEach((l, i) => {
    const step = byName.get(l.step);
    if (!step) errors[`limits.${i}.step`] = [`This profile has no step “${l.step}”.`];
    else changes.push({ step: l.step, unit: step.unit, old: { low: step.low, high: step.high }, new: { low: l.low, high: l.high } });
  });
  if (Object.keys(errors).length) throw invalid(errors);
  return changes;
}

export async function limitWhatIf(db: Kysely<DB>, profile: Profile, input: WhatIfInput, bounds = BOUNDS): Promise<LimitWhatIfAnswer> {
  const changes = changesOf(await listSteps(db, profile.id), input.limits);
  return replay(db, profile, changes, input.scope, bounds);
}

async function replay(db: Kysely<DB>, profile: Profile, changes: LimitChange[], input: WhatIfInput['scope'], { cap, page: pageSize }: ReplayBounds): Promise<LimitWhatIfAnswer> {
  if (input.batch_id !== undefined && !(await batchOfProject(db, profile.project_id, input.batch_id))) {
    throw invalidField('scope.batch_id', `There is no batch with id ${input.batch_id} in this project.`);
  }
  const days = replayDays(input);
  const scope: ReplayScope = {
    projectId: profile.project_id,
    profileIds: input.versions === 'all' ? await profileIdsOfName(db, profile.project_id, profile.name) : [profile.id],
    ...days,
    batchId: input.batch_id,
    jigId: input.jig_id,
  };
  const limits: Limits = new Map(changes.map((c) => [c.step, c.new]));
  const perStep = new Map<string, WhatIfStep>(
    changes.map((c) => [c.step, { step: c.step, unit: c.unit, current: c.old, proposed: c.new, runs: 0, measured: 0, newly_passing: 0, newly_failing: 0 }]),
  );
  const boards = new Set<number>();
  const totals = { runs: 0, firstRuns: 0, firstNow: 0, firstProjected: 0, escapes: 0, escapesFirst: 0, newFails: 0, newFailsFirst: 0, flips: 0 };
  const shown: Omit<WhatIfFlip, 'serial'>[] = [];
  const count = (run: ReplayRun) => {
    const j = judgeRun(run.result, run.steps, limits);
    totals.runs += 1;
    boards.add(run.device_id);
    for (const c of j.carried) {
      const s = perStep.get(c.step)!;
      s.runs += 1;
      if (c.measured) s.measured += 1;
    }
    for (const c of j.changed) perStep.get(c.step)![c.passes ? 'newly_passing' : 'newly_failing'] += 1;
    if (run.first_run) {
      totals.firstRuns += 1;
      if (j.now === 'pass') totals.firstNow += 1;
      if (j.projected === 'pass') totals.firstProjected += 1;
    }
    const kind = j.now === 'fail' && j.projected === 'pass' ? 'escape' : j.now === 'pass' && j.projected === 'fail' ? 'new_fail' : null;
    if (!kind) return;
    totals.flips += 1;
    if (kind === 'escape') {
      totals.escapes += 1;
      if (run.first_run) totals.escapesFirst += 1;
    } else {
      totals.newFails += 1;
      if (run.first_run) totals.newFailsFirst += 1;
    }
    // Pages come newest first, so the first ones met are the newest.
    if (shown.length < WHAT_IF_FLIPS_SHOWN) {
      shown.push({ report_id: run.id, device_id: run.device_id, finished_at: run.finished_at, kind, first_run: run.first_run, steps: [...new Set(j.changed.map((c) => c.step))] });
    }
  };
  let before: ReplayCursor | null = null;
  let truncated = false;
  for (;;) {
    const size = Math.min(pageSize, cap - totals.runs);
    if (size <= 0) {
      truncated = before !== null && (await replayPage(db, scope, before, 1)).length > 0;
      break;
    }
    const page = await replayPage(db, scope, before, size);
    page.forEach(count);
    if (page.length < size) break;
    const last = page[page.length - 1];
    before = { finished_at: last.finished_at, id: last.id };
  }
  const serials = await serialsOf(db, [...new Set(shown.map((f) => f.device_id))]);
  const yieldOf = (passes: number) => (totals.firstRuns ? passes / totals.firstRuns : null);
  return {
    scope: { ...days, batch_id: input.batch_id ?? null, jig_id: input.jig_id ?? null, versions: input.versions },
    runs: totals.runs,
    truncated,
    cap,
    boards: boards.size,
    first_runs: totals.firstRuns,
    first_passes: { now: totals.firstNow, projected: totals.firstProjected },
    first_pass_yield: { now: yieldOf(totals.firstNow), projected: yieldOf(totals.firstProjected) },
    escapes: { first_runs: totals.escapesFirst, all_runs: totals.escapes },
    new_fails: { first_runs: totals.newFailsFirst, all_runs: totals.newFails },
    steps: [...perStep.values()],
    flips: { data: shown.map((f) => ({ ...f, serial: serials.get(f.device_id) ?? '' })), total: totals.flips },
  };
}

/**
 * Publishes a proposal: replays it (the kept summary is the server's own), then in one transaction
 * a new draft version copying this profile (as "new version" does: steps, variables, files) with
 * the proposed limits, and the proposal beside it. Two drafts of a profile are allowed, as they are
 * anywhere else; the version must be free (422 on `version`).
 */
export async function publishLimitProposal(
  db: Kysely<DB>,
  profile: Profile & { project: Project },
  caller: { id: number },
  input: z.output<typeof limitProposalInput>,
  bounds = BOUNDS,
): Promise<LimitProposal> {
  const changes = changesOf(await listSteps(db, profile.id), input.limits);
  const { steps: _steps, flips: _flips, ...summary } = await replay(db, profile, changes, input.scope, bounds);
  const id = await db.transaction().execute(async (trx) => {
    // Locked: a step changed on a draft being copied waits, so the copy is whole.
    const source = await lockProfile(trx, profile.id);
    const original = await findProfile(trx, source.id);
    if (!original) throw notFound();
    if (await versionTaken(trx, source.project_id, source.name, input.version)) throw invalidField('version', PROFILE_VERSION_TAKEN);
    const now = new Date().toISOString();
    const description = original.description;
    const draft = await insertProfile(
      trx,
      { project_id: source.project_id, name: source.name, version: input.version, description, attempt_limit: original.attempt_limit, copied_from_id: source.id, created_by: caller.id },
      now,
    );
    await copyProfileContents(trx, source.id, draft, now);
    await applyLimits(trx, draft, changes, now);
    await linkReports(trx, { id: draft, project_id: source.project_id, name: source.name, version: input.version });
    return insertProposal(trx, { project_id: source.project_id, from_profile_id: source.id, draft_profile_id: draft, reason: input.reason, changes, summary, created_by: caller.id }, now);
  });
  return (await findProposal(db, id))!;
}

export const limitProposalOfDraft = (db: Kysely<DB>, draftId: number) => proposalOfDraft(db, draftId);
