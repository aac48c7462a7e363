import { randomUUID } from 'node:crypto';
import { JIG_SIGNATURE_HEADER } from '../../../contract/jig';
import { DEMO_JIGS } from '../../../server/seed/demo-production';
import { jigSignature } from '../../../server/store/enclosures';
import { expect } from './test';

/**
 * A demo jig posts a failed run of `serial` to the real server, as a jig would: the board fails
 * on VBUS current (so it shows as failed, and a board picked for release stops qualifying).
 */
export async function postFailingReport(
  baseURL: string,
  { projectId, batchId, serial }: { projectId: number; batchId: number; serial: string },
): Promise<void> {
  const jig = DEMO_JIGS[0];
  const finished = new Date();
  const response = await fetch(`${baseURL}/v1/jig/reports`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [JIG_SIGNATURE_HEADER]: jigSignature(jig.serial, jig.secret) },
    body: JSON.stringify({
      uuid: randomUUID(),
      serial,
      project_id: projectId,
      production_batch_id: batchId,
      test_profile: 'MC-200 EOL',
      test_profile_version: '1.4',
      result: 'fail',
      started_at: new Date(finished.getTime() - 40_000).toISOString(),
      finished_at: finished.toISOString(),
      steps: [
        { name: '3V3 rail', value: 3.29, unit: 'V', low: 3.2, high: 3.4, pass: true },
        { name: 'VBUS current', value: 0.31, unit: 'A', low: 0.08, high: 0.15, pass: false },
      ],
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
}
