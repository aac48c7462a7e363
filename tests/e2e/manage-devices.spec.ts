import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { JIG_SIGNATURE_HEADER } from '../../contract/jig';
import { DEMO_JIGS } from '../../server/seed/demo-production';
import { jigSignature } from '../../server/store/enclosures';
import { E2E_ADMIN } from './support/accounts';
import { expect, openSignedIn, test } from './support/test';

/**
 * `/manage/devices` end to end: a superadmin finds a board by serial, corrects it alone, then
 * corrects every board of its panel at once. The boards are new ones a demo jig reports, on a
 * panel of their own, so the demo's other boards and figures stay as other specs expect them.
 */

type Board = { id: number; project_id: number; production_batch_id: number };

async function api<T>(baseURL: string, path: string, init: RequestInit = {}): Promise<T> {
  const login = await fetch(`${baseURL}/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(E2E_ADMIN),
  });
  const { data: token } = (await login.json()) as { data: { type: string; token: string } };
  const res = await fetch(`${baseURL}/v1${path}`, { ...init, headers: { 'content-type': 'application/json', authorization: `${token.type} ${token.token}` } });
  expect(res.ok, await res.clone().text()).toBe(true);
  return (await res.json()) as T;
}

/** Three passing boards of MC-200 on one panel, reported by its line jig as a jig would. */
async function boardsOnPanel(baseURL: string, stamp: string): Promise<{ serials: string[]; panel: string }> {
  const demo = await api<{ data: Board[] }>(baseURL, '/manage/devices?search=MC2-2407&limit=1');
  const { project_id, production_batch_id } = demo.data[0]!;
  const jig = DEMO_JIGS[0];
  const panel = `PNL-${stamp}`;
  const serials = [1, 2, 3].map((n) => `BRD-${stamp}-${n}`);
  for (const serial of serials) {
    const finished = new Date();
    const res = await fetch(`${baseURL}/v1/jig/reports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [JIG_SIGNATURE_HEADER]: jigSignature(jig.serial, jig.secret) },
      body: JSON.stringify({
        uuid: randomUUID(),
        serial,
        project_id,
        production_batch_id,
        panel_id: panel,
        test_profile: 'MC-200 EOL',
        test_profile_version: '1.4',
        result: 'pass',
        started_at: new Date(finished.getTime() - 40_000).toISOString(),
        finished_at: finished.toISOString(),
        steps: [{ name: '3V3 rail', value: 3.3, unit: 'V', low: 3.2, high: 3.4, pass: true }],
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
  }
  return { serials, panel };
}

async function openDevices(page: Page) {
  await page.goto('/login');
  await openSignedIn(page, E2E_ADMIN);
  await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Devices', exact: true }).click();
  await expect(page).toHaveURL(/\/manage\/devices$/);
  await expect(page.getByRole('heading', { name: 'Devices' })).toBeVisible();
}

const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test('a superadmin corrects one board, then every board of its panel', async ({ page, baseURL }) => {
  // Letters only: no demo serial search of another spec finds these boards.
  const stamp = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('').toUpperCase();
  const { serials, panel } = await boardsOnPanel(baseURL!, stamp);
  await openDevices(page);

  // Every company's boards; the filters live in the URL.
  await page.getByLabel('Status').selectOption({ label: 'Passed' });
  await expect(page).toHaveURL(/status=passed/);
  await page.getByLabel('Search serials').fill(`BRD-${stamp}`);
  await expect(page.getByRole('row')).toHaveCount(4);
  for (const serial of serials) await expect(rowOf(page, serial)).toContainText(panel);
  await expect(rowOf(page, serials[0]!)).toContainText('Acme Electronics');

  // One board: scrapped, and taken off the panel.
  await rowOf(page, serials[0]!).getByRole('button', { name: `Correct board ${serials[0]}` }).click();
  let dialog = page.getByRole('dialog', { name: 'Correct board' });
  await dialog.getByLabel('Status', { exact: true }).selectOption({ label: 'Scrapped' });
  await dialog.getByLabel('Panel id', { exact: true }).fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Board “${serials[0]}” corrected.`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // No longer passed: it leaves the filtered table without a reload.
  await expect(rowOf(page, serials[0]!)).toHaveCount(0);
  await page.getByLabel('Status').selectOption({ label: 'All statuses' });
  await expect(rowOf(page, serials[0]!)).toContainText('Scrapped');
  await expect(rowOf(page, serials[0]!)).not.toContainText(panel);

  // The whole panel: the two boards left on it fail together.
  await rowOf(page, serials[1]!).getByRole('button', { name: `Correct board ${serials[1]}` }).click();
  dialog = page.getByRole('dialog', { name: 'Correct board' });
  await dialog.getByLabel(`Apply to the whole panel “${panel}”`).check();
  await expect(dialog.getByLabel('Serial', { exact: true })).toHaveCount(0);
  await dialog.getByLabel('Status', { exact: true }).selectOption({ label: 'Failed' });
  await dialog.getByRole('button', { name: 'Correct the panel' }).click();
  await expect(page.getByText(`Panel “${panel}” corrected: 2 boards of 2 changed.`)).toBeVisible();
  for (const serial of serials.slice(1)) await expect(rowOf(page, serial)).toContainText('Failed');
  await expect(rowOf(page, serials[0]!)).toContainText('Scrapped');

  // A refusal keeps the dialog and what was chosen: "released" is not offered, so try a serial taken in the project.
  await rowOf(page, serials[2]!).getByRole('button', { name: `Correct board ${serials[2]}` }).click();
  dialog = page.getByRole('dialog', { name: 'Correct board' });
  await dialog.getByLabel('Serial', { exact: true }).fill(serials[1]!);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('This project has a device with this serial already.')).toBeVisible();
  await expect(dialog.getByLabel('Serial', { exact: true })).toHaveValue(serials[1]!);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});
