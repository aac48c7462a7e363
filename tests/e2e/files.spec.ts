import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { E2E_ADMIN } from './support/accounts';
import { expect, openSignedIn, test } from './support/test';

/**
 * Files end to end, in the browser against the real server: firmware up (with progress), down
 * (byte for byte), edited and deleted, a refused file, and a 1 GB upload. The project
 * `postgres-store` runs this file again on PostgreSQL with the PostgreSQL file store.
 */

const MiB = 1024 * 1024;

let dir: string;
test.beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'jigboard-e2e-files-'));
});
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file, { highWaterMark: 4 * MiB })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Every value the page's progress bars take from now on, kept in the page. */
async function recordProgress(page: Page) {
  await page.evaluate(() => {
    const seen: { now: number; max: number }[] = [];
    (window as unknown as { progressSeen: typeof seen }).progressSeen = seen;
    new MutationObserver((records) => {
      for (const r of records) {
        const el = r.target as HTMLElement;
        if (el.getAttribute('role') !== 'progressbar') continue;
        seen.push({ now: Number(el.getAttribute('aria-valuenow')), max: Number(el.getAttribute('aria-valuemax')) });
      }
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  });
  return () => page.evaluate(() => (window as unknown as { progressSeen: { now: number; max: number }[] }).progressSeen);
}

async function openUploads(page: Page) {
  await page.goto('/login');
  await openSignedIn(page, E2E_ADMIN);
  await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Enclosure updates' }).click();
  await expect(page).toHaveURL(/\/manage\/enclosure-updates$/);
  await expect(page.getByRole('heading', { name: 'Enclosure updates' })).toBeVisible();
}

const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test('a superadmin uploads firmware with progress, downloads it byte for byte, edits and deletes it', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const description = `E2E controller ${stamp}`;
  const fileName = `e2e-fw-${stamp}.bin`;
  const file = path.join(dir, fileName);
  await writeFile(file, randomBytes(6 * MiB));
  const expected = await sha256Of(file);

  await openUploads(page);
  // A slow uplink (3 MB/s), so the upload takes a couple of seconds the bar can be watched over.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 3 * MiB });
  const progress = await recordProgress(page);

  await page.getByRole('button', { name: 'Upload firmware' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload firmware' });
  await dialog.getByLabel('Description').fill(description);
  await dialog.getByLabel('Patch notes').fill('Faster ADC sampling.');
  await dialog.getByLabel('Firmware').setInputFiles(file);
  await expect(dialog.getByRole('progressbar', { name: fileName })).toHaveAttribute('aria-valuetext', '6.0 MB, ready to upload');
  await dialog.getByRole('button', { name: 'Upload' }).click();
  // While it is sent, the file offers a cancel.
  await expect(dialog.getByRole('button', { name: `Cancel the upload of ${fileName}` })).toBeVisible();

  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  const seen = await progress();
  const size = 6 * MiB;
  expect(seen.some((p) => p.max === size && p.now > 0 && p.now < size), `progress seen: ${JSON.stringify(seen)}`).toBe(true);
  expect(seen.map((p) => p.now)).toEqual([...seen.map((p) => p.now)].sort((a, b) => a - b)); // never backwards

  await expect(page.getByRole('status')).toContainText(`Firmware “${description}” uploaded.`);
  const row = rowOf(page, description);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(fileName);
  await expect(row).toContainText('6.0 MB');
  await expect(row.getByTitle(expected)).toBeVisible(); // the server's sha256 is the file's

  // Download: saved under its own name, the same bytes.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: `Download the firmware of “${description}”` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(fileName);
  const saved = path.join(dir, `downloaded-${fileName}`);
  await download.saveAs(saved);
  expect(await sha256Of(saved)).toBe(expected);

  // Edit the texts.
  const edited = `${description} (edited)`;
  await row.getByRole('button', { name: `Edit “${description}”` }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit enclosure update' });
  await editDialog.getByLabel('Description').fill(edited);
  await editDialog.getByLabel('Patch notes').fill('Faster ADC sampling.\nCAN-FD on slot 2.');
  await editDialog.getByRole('button', { name: 'Save' }).click();
  await expect(editDialog).toBeHidden();
  const editedRow = rowOf(page, edited);
  await expect(editedRow).toContainText('CAN-FD on slot 2.');

  // Delete, after a confirmation that names it.
  await editedRow.getByRole('button', { name: `Delete enclosure update “${edited}”` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete enclosure update “${edited}”?` });
  await expect(confirm).toContainText(fileName);
  await confirm.getByRole('button', { name: 'Delete enclosure update' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('status')).toContainText(`Enclosure update “${edited}” deleted.`);
  await expect(rowOf(page, stamp)).toHaveCount(0);
});

test('a refused file shows the refusal on that file, and the form keeps what was typed', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const description = `E2E refused ${stamp}`;
  await openUploads(page);
  await page.getByRole('button', { name: 'Upload firmware' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload firmware' });

  // Nothing chosen, nothing typed: each field says what it needs, before anything is sent.
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByText('Description is required.')).toBeVisible();
  await expect(dialog.getByText('Choose a file.')).toBeVisible();

  await dialog.getByLabel('Description').fill(description);
  await dialog.getByLabel('Patch notes').fill('Should not get in.');
  await dialog.getByLabel('Firmware').setInputFiles({ name: 'manual.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7 not firmware') });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  const refused = dialog.getByRole('listitem', { name: 'manual.pdf' });
  await expect(refused.getByRole('alert')).toHaveText('This type of file is not accepted here.');
  await expect(dialog.getByLabel('Description')).toHaveValue(description);
  await expect(dialog.getByLabel('Patch notes')).toHaveValue('Should not get in.');

  // Another file in its place goes through.
  await dialog.getByLabel('Firmware').setInputFiles({ name: `fixed-${stamp}.bin`, mimeType: 'application/octet-stream', buffer: randomBytes(64 * 1024) });
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, description)).toContainText(`fixed-${stamp}.bin`);

  await rowOf(page, description).getByRole('button', { name: `Delete enclosure update “${description}”` }).click();
  await page.getByRole('dialog', { name: `Delete enclosure update “${description}”?` }).getByRole('button', { name: 'Delete enclosure update' }).click();
  await expect(rowOf(page, description)).toHaveCount(0);
});

test('a 1 GB firmware uploads end to end, streamed, and arrives byte for byte', async ({ page }) => {
  test.setTimeout(10 * 60_000);
  const stamp = Date.now().toString(36);
  const description = `E2E one gigabyte ${stamp}`;
  const fileName = `e2e-1gb-${stamp}.bin`;
  const file = path.join(dir, fileName);
  const size = 1_000_000_000;
  // Sparse: made at once, read back as zeros except a few random marks, so a byte out of
  // place anywhere changes the sha256.
  const handle = await open(file, 'w');
  try {
    await handle.truncate(size);
    for (const at of [0, size / 2 - 7, size - 4096]) await handle.write(randomBytes(4096), 0, 4096, at);
  } finally {
    await handle.close();
  }
  try {
    const expected = await sha256Of(file);
    await openUploads(page);
    const progress = await recordProgress(page);
    await page.getByRole('button', { name: 'Upload firmware' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload firmware' });
    await dialog.getByLabel('Description').fill(description);
    // By path: the browser reads the file from disk; it never crosses the test protocol.
    await dialog.getByLabel('Firmware').setInputFiles(file);
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog).toBeHidden({ timeout: 9 * 60_000 });

    const seen = await progress();
    expect(seen.some((p) => p.max === size && p.now > 0 && p.now < size), 'a bar between empty and full').toBe(true);
    const row = rowOf(page, description);
    await expect(row).toContainText(fileName);
    await expect(row).toContainText('954 MB'); // 10^9 bytes in binary units
    await expect(row.getByTitle(expected)).toBeVisible();

    await row.getByRole('button', { name: `Delete enclosure update “${description}”` }).click();
    await page.getByRole('dialog', { name: `Delete enclosure update “${description}”?` }).getByRole('button', { name: 'Delete enclosure update' }).click();
    await expect(rowOf(page, description)).toHaveCount(0);
  } finally {
    await rm(file, { force: true });
  }
});

test('the app’s download helper saves any path under the server’s name', async ({ page }) => {
  // A name only RFC 5987's filename* carries whole (non-ASCII, quotes), as the server sends it.
  await openUploads(page);
  const bytes = randomBytes(10_000);
  const description = `E2E helper ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Upload firmware' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload firmware' });
  await dialog.getByLabel('Description').fill(description);
  await dialog.getByLabel('Firmware').setInputFiles({ name: 'Prüf "v2".bin', mimeType: 'application/octet-stream', buffer: bytes });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog).toBeHidden();
  const row = rowOf(page, description);
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: /^Download/ }).click()]);
  // The ü came through filename* (the ASCII fallback has `_` there); Chromium itself turns
  // quotes into `_` when it names a saved file.
  expect(download.suggestedFilename()).toBe('Prüf _v2_.bin');
  expect((await readFile(await download.path())).equals(bytes)).toBe(true);
  await row.getByRole('button', { name: `Delete enclosure update “${description}”` }).click();
  await page.getByRole('dialog', { name: `Delete enclosure update “${description}”?` }).getByRole('button', { name: 'Delete enclosure update' }).click();
  await expect(rowOf(page, description)).toHaveCount(0);
});
