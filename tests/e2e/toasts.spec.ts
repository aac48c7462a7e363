import type { Locator, Page } from '@playwright/test';
import { DEMO_ENGINEER } from './support/accounts';
import { expect, openSignedIn, test } from './support/test';

/**
 * A confirmation never covers what the page offers next: it shows over the top bar's middle, not
 * in a corner of the page, where it hid "Upload file" after an upload at the foot of the screen.
 */

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Every button and link of the page that the toast covers, by name: of the part of each in sight,
 * below the sticky top bar (what scrolled under the bar is hidden by the bar itself).
 */
async function coveredActions(page: Page, toast: Locator, barBottom: number): Promise<string[]> {
  const box = (await toast.boundingBox())!;
  const actions = page.locator('main').getByRole('button').or(page.locator('main').getByRole('link'));
  const covered: string[] = [];
  for (const action of await actions.all()) {
    const other = await action.boundingBox();
    if (!other || other.width === 0) continue;
    const top = Math.max(other.y, barBottom);
    const inSight = { ...other, y: top, height: other.y + other.height - top };
    if (inSight.height > 0 && overlaps(box, inSight)) covered.push((await action.innerText()).trim() || '(unnamed)');
  }
  return covered;
}

for (const { label, viewport } of [
  { label: 'at 1280×800', viewport: { width: 1280, height: 800 } },
  { label: 'at 390×844', viewport: { width: 390, height: 844 } },
]) {
  test.describe(label, () => {
    test.use({ viewport });

    test('the upload’s confirmation leaves Upload file and every page action uncovered, within the top bar', async ({ page }) => {
      await page.goto('/login');
      await openSignedIn(page, DEMO_ENGINEER, '/projects/1/tests');
      const name = `E2E toast ${viewport.width} ${Date.now().toString(36)}`;
      await page.getByRole('button', { name: 'New profile' }).click();
      const create = page.getByRole('dialog', { name: 'New profile' });
      await create.getByLabel('Name').fill(name);
      await create.getByLabel('Version').fill('1.0');
      await create.getByRole('button', { name: 'Create profile' }).click();
      await expect(page.getByRole('heading', { name: `${name} 1.0` })).toBeVisible();

      // "Upload file" at the foot of the screen, where a corner toast would land on it.
      const uploadButton = page.getByRole('button', { name: 'Upload file' });
      await uploadButton.evaluate((el) => el.scrollIntoView({ block: 'end' }));
      await uploadButton.click();
      const upload = page.getByRole('dialog', { name: 'Upload file' });
      await upload.getByLabel('Test file').setInputFiles({ name: 'limits.txt', mimeType: 'text/plain', buffer: Buffer.from('low=1\nhigh=2\n') });
      await upload.getByRole('button', { name: 'Upload' }).click();
      await expect(upload).toBeHidden();

      const toast = page.getByRole('status').getByRole('paragraph').filter({ hasText: 'File “limits.txt” uploaded.' });
      await expect(toast).toBeVisible();
      await expect(uploadButton).toBeInViewport();
      const bar = (await page.locator('header').first().boundingBox())!;
      expect(await coveredActions(page, toast, bar.y + bar.height)).toEqual([]);
      // Within the top bar's band, below which the page starts.
      const box = (await toast.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(bar.y + bar.height);
    });
  });
}
