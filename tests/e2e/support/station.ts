import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { JIG_SIGNATURE_HEADER } from '../../../contract/jig';
import type { Station, StationJigChoice } from '../../../contract/station';
import { DEMO_JIGS } from '../../../server/seed/demo-production';
import { jigSignature } from '../../../server/store/enclosures';
import { DEMO_ADMIN } from './accounts';
import { expect } from './test';

/**
 * The station's side of a browser test: the demo jig a station stands at, its active profile's
 * attempt limit set for the test, the jig's runs posted as a jig posts them, a scan as a scanner
 * types it, and the moment the big result first shows (on the page's clock, to time a run).
 */
export const TABLET = { width: 1024, height: 768 };
export const JIG = DEMO_JIGS[0];
/** What Acme calls that jig (server/seed/demo-enclosure-settings.ts): the name a station shows. */
export const JIG_NAME = 'EOL tester A';
export const ATTEMPT_LIMIT = 2;

export type Setup = { jigId: number; station: Station; headers: Record<string, string>; limitBefore: number | null };

export async function apiHeaders(request: APIRequestContext) {
  const answer = await request.post('/v1/login', { data: DEMO_ADMIN });
  expect(answer.status()).toBe(200);
  const { data } = (await answer.json()) as { data: { type: string; token: string } };
  return { authorization: `${data.type} ${data.token}` };
}

/** The jig's station as the API says it, with the active profile's attempt limit set for the test. */
export async function prepare(request: APIRequestContext, limit: number | null): Promise<Setup> {
  const headers = await apiHeaders(request);
  const jigs = (await (await request.get('/v1/stations', { headers })).json()) as { data: StationJigChoice[] };
  const jigId = jigs.data.find((j) => j.name === JIG_NAME)!.id;
  const read = async () => ((await (await request.get(`/v1/stations/${jigId}`, { headers })).json()) as { data: Station }).data;
  const before = await read();
  expect(before.profile, 'the jig has an active test profile').not.toBeNull();
  const patched = await request.patch(`/v1/testprofiles/${before.profile!.id}`, { headers, data: { attempt_limit: limit } });
  expect(patched.status(), await patched.text()).toBe(200);
  return { jigId, station: await read(), headers, limitBefore: before.profile!.attempt_limit };
}

/** The jig posts a run of `serial`, as a jig does (its signature, its project, batch and profile). */
export async function postRun(page: Page, { station }: Setup, serial: string, result: 'pass' | 'fail'): Promise<number> {
  const finished = new Date();
  const postedAt = await page.evaluate(() => performance.timeOrigin + performance.now());
  const response = await page.request.post('/v1/jig/reports', {
    headers: { [JIG_SIGNATURE_HEADER]: jigSignature(JIG.serial, JIG.secret) },
    data: {
      uuid: randomUUID(),
      serial,
      project_id: station.project!.id,
      production_batch_id: station.production_batch?.id,
      test_profile: station.profile!.name,
      test_profile_version: station.profile!.version,
      result,
      started_at: new Date(finished.getTime() - 30_000).toISOString(),
      finished_at: finished.toISOString(),
      steps: [
        { name: '3V3 rail', value: 3.29, unit: 'V', low: 3.2, high: 3.4, pass: true },
        { name: 'VBUS current', value: result === 'pass' ? 0.11 : 0.31, unit: 'A', low: 0.08, high: 0.15, pass: result === 'pass' },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return postedAt;
}

/** When the big result heading first showed, on the page's clock (watched from before the post). */
export async function watchResult(page: Page, word: 'PASS' | 'FAIL') {
  await page.evaluate((w) => {
    const win = window as unknown as { resultAt?: number };
    delete win.resultAt;
    const look = () => {
      if (win.resultAt) return;
      if ([...document.querySelectorAll('h2')].some((h) => h.textContent === w)) win.resultAt = performance.timeOrigin + performance.now();
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, word);
}
export const resultAt = (page: Page) => page.evaluate(() => (window as unknown as { resultAt?: number }).resultAt!);

export const scanField = (page: Page) => page.getByRole('textbox', { name: /Serial/ });
export const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });

export async function scan(page: Page, serial: string) {
  // The field holds the focus: a scanner only types, and ends with Enter.
  await expect(scanField(page)).toBeFocused();
  await page.keyboard.type(serial);
  await page.keyboard.press('Enter');
}
