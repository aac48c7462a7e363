import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { JIG_SIGNATURE_HEADER } from '../../../contract/jig';
import { DEMO_JIGS } from '../../../server/seed/demo-production';
import { jigSignature } from '../../../server/store/enclosures';
import { expect } from './test';

/** The demo's first jig (EOL tester A), its project MC-200 and the profile version it runs. */
export const DEMO_RUN_JIG = DEMO_JIGS[0];
export const DEMO_RUN_PROJECT_ID = 1;

type Step = { name: string; value: number; unit: string; low: number | null; high: number | null; pass: boolean };

type Run = {
  batchId: number;
  serial: string;
  finished: Date;
  steps: Step[];
  /** Another project of the demo company (default MC-200) and the profile version it ran (default MC-200 EOL 1.4). */
  projectId?: number;
  profile?: { name: string; version: string };
};

/**
 * One run on the demo's first jig, signed and posted as the jig posts it, finished at
 * `finished`: a fail when any step fails. The board is made in `batchId` if new. Answers the
 * stored report's id.
 */
export async function postDemoJigRun(request: APIRequestContext, run: Run): Promise<number> {
  const answer = await request.post('/v1/jig/reports', {
    headers: { [JIG_SIGNATURE_HEADER]: jigSignature(DEMO_RUN_JIG.serial, DEMO_RUN_JIG.secret) },
    data: {
      uuid: randomUUID(),
      serial: run.serial,
      project_id: run.projectId ?? DEMO_RUN_PROJECT_ID,
      production_batch_id: run.batchId,
      test_profile: run.profile?.name ?? 'MC-200 EOL',
      test_profile_version: run.profile?.version ?? '1.4',
      result: run.steps.every((s) => s.pass) ? 'pass' : 'fail',
      started_at: new Date(run.finished.getTime() - 40_000).toISOString(),
      finished_at: run.finished.toISOString(),
      steps: run.steps,
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { data: { report_id: number } }).data.report_id;
}

/** A resistance step that passes (0.4 Ω of at most 1) or fails (7.5 Ω): a contact's kind of fail. */
export const contactStep = (name: string, pass: boolean): Step => ({ name, value: pass ? 0.4 : 7.5, unit: 'ohm', low: 0, high: 1, pass });
