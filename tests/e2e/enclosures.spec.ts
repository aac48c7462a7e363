import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { E2E_ADMIN } from './support/accounts';
import { expect, openSignedIn, test } from './support/test';

/**
 * A superadmin registers a jig, provisions it and reads its signature (shown once), the jig
 * reports with it and fetches the firmware the superadmin uploads, byte for byte; once revoked,
 * the jig is refused.
 */

let dir: string;
test.beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'jigboard-e2e-enclosures-'));
});
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function apiToken(baseURL: string): Promise<string> {
  const login = await fetch(`${baseURL}/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(E2E_ADMIN),
  });
  const { data } = (await login.json()) as { data: { type: string; token: string } };
  return `${data.type} ${data.token}`;
}

test('a superadmin registers and provisions a jig, which reports and fetches its firmware until revoked', async ({ page, baseURL, request }) => {
  const stamp = Date.now().toString(36).toUpperCase();
  const serial = `JB-E2E-${stamp}`;
  await page.goto('/login');
  await openSignedIn(page, E2E_ADMIN);

  // Register.
  await page.goto('/manage/enclosures');
  await expect(page.getByRole('heading', { name: 'All enclosures' })).toBeVisible();
  await page.getByRole('link', { name: 'Register enclosure' }).click();
  await expect(page).toHaveURL(/\/manage\/enclosures\/new$/);
  await page.getByLabel('Serial').fill(serial);
  await page.getByLabel('Name').fill('E2E line jig');
  await page.getByRole('combobox', { name: 'Company' }).fill('Acme');
  await page.getByRole('option', { name: 'Acme Electronics' }).click();
  await page.getByRole('button', { name: 'Register enclosure' }).click();
  await expect(page).toHaveURL(/\/manage\/enclosures\/\d+$/);
  const enclosureId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByRole('heading', { name: `Enclosure ${serial}` })).toBeVisible();
  await expect(page.getByText('Unprovisioned')).toBeVisible();

  // Provision: the secret and signature, shown once.
  await page.getByRole('button', { name: 'Provision' }).click();
  const panel = page.getByRole('region', { name: `Credentials of ${serial}` });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('Shown once');
  const signature = await panel.getByRole('textbox', { name: 'Signature' }).inputValue();
  const secret = await panel.getByRole('textbox', { name: 'Secret' }).inputValue();
  expect(signature).toMatch(/^[0-9a-f]{64}$/);
  expect(createHash('sha256').update(secret).digest('hex')).not.toBe(signature);
  if (process.env.E2E_SHOTS) await page.screenshot({ path: path.join(process.env.E2E_SHOTS, 'enclosure-laptop.png'), fullPage: true });

  // Never readable again: a reload shows the state without them.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Revoke' })).toBeVisible();
  await expect(page.getByRole('region', { name: `Credentials of ${serial}` })).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText(signature);

  // The jig reports with its signature, into its company's (Acme's) project.
  const authorization = await apiToken(baseURL!);
  const enclosure = (await (await request.get(`/v1/enclosures/${enclosureId}`, { headers: { authorization } })).json()).data;
  expect(JSON.stringify(enclosure)).not.toContain(signature);
  const projects = await request.get(`/v1/companies/${enclosure.company.id}/projects?search=MC-200`, { headers: { authorization } });
  const projectId = (await projects.json()).data[0].id as number;
  const batches = await request.get(`/v1/projects/${projectId}/productionbatches?search=2409`, { headers: { authorization } });
  const batchId = (await batches.json()).data[0].id as number;
  const report = () =>
    request.post('/v1/jig/reports', {
      headers: { 'x-jig-signature': signature },
      data: {
        uuid: randomUUID(),
        serial: `E2E-ENC-${stamp}-${randomBytes(2).toString('hex')}`,
        project_id: projectId,
        production_batch_id: batchId,
        result: 'pass',
        started_at: new Date(Date.now() - 30_000).toISOString(),
        finished_at: new Date().toISOString(),
        steps: [{ name: '3V3 rail', value: 3.3, unit: 'V', low: 3.2, high: 3.4, pass: true }],
      },
    });
  const accepted = await report();
  expect(accepted.status(), await accepted.text()).toBe(201);

  // Firmware up through the enclosure-updates screen, down as the jig, byte for byte.
  const bytes = randomBytes(200 * 1024 + 7);
  const fileName = `e2e-jig-fw-${stamp}.bin`;
  await writeFile(path.join(dir, fileName), bytes);
  await page.goto('/manage/enclosure-updates');
  await page.getByRole('button', { name: 'Upload firmware' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload firmware' });
  await dialog.getByLabel('Description').fill(`E2E jig firmware ${stamp}`);
  await dialog.getByLabel('Firmware').setInputFiles(path.join(dir, fileName));
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });

  const update = await request.get(`/v1/jig/update?signature=${signature}`);
  expect(update.status()).toBe(200);
  const body = await update.body();
  expect(body.length).toBe(bytes.length);
  expect(sha256(body)).toBe(sha256(bytes));
  expect(update.headers()['x-firmware-version']).toBe(sha256(bytes));
  const current = await request.get(`/v1/jig/update?signature=${signature}`, { headers: { 'if-none-match': `"${sha256(bytes)}"` } });
  expect(current.status()).toBe(304);

  // The enclosure's page shows what it fetched and that it is online.
  await page.goto(`/manage/enclosures/${enclosureId}`);
  await expect(page.getByText('Online')).toBeVisible();
  await expect(page.getByTitle(`sha256 ${sha256(bytes)}`)).toBeVisible();

  // Revoke: refused from then on.
  await page.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog', { name: `Revoke enclosure “${serial}”?` }).getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByRole('button', { name: 'Provision again' })).toBeVisible();
  expect((await report()).status()).toBe(401);
  expect((await request.get(`/v1/jig/update?signature=${signature}`)).status()).toBe(404);

  // The list finds it by serial, filtered by state, in the URL.
  await page.goto(`/manage/enclosures?provisioning=revoked&search=${serial}`);
  await expect(page.getByRole('row').filter({ hasText: serial })).toHaveCount(1);
  if (process.env.E2E_SHOTS) {
    await page.screenshot({ path: path.join(process.env.E2E_SHOTS, 'list-laptop.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/manage/enclosures');
    await expect(page.getByText(serial)).toBeVisible();
    await page.screenshot({ path: path.join(process.env.E2E_SHOTS, 'list-390.png'), fullPage: true });
    await page.goto(`/manage/enclosures/${enclosureId}`);
    await page.getByRole('button', { name: 'Provision again' }).click();
    await expect(page.getByRole('region', { name: `Credentials of ${serial}` })).toBeVisible();
    await page.screenshot({ path: path.join(process.env.E2E_SHOTS, 'enclosure-390.png'), fullPage: true });
  }
});
