import type { Locator, Page } from '@playwright/test';
import { DEMO_ADMIN, DEMO_ENGINEER } from './support/accounts';
import { expect, openSignedIn, test } from './support/test';

const PROJECT_ID = 1; // Motor controller MC-200, the demo's first project
const BATCH = 'MC-200 lot 2409';
const OPERATOR = { username: 'acme-operator', password: 'jigboard-demo' };

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= 390);

/** Shown whole: inside the screen's width and not clipped by its own box. */
async function expectWhole(badge: Locator) {
  await expect(badge).toBeVisible();
  const box = (await badge.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
}

const tabs = (page: Page) => page.getByRole('navigation', { name: 'Project sections' });

test.describe('at 390 px: tables as cards', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the devices table shows each board as a card, its status whole, sortable and filterable', async ({ page }) => {
    await openSignedIn(page, DEMO_ADMIN, `/projects/${PROJECT_ID}?status=failed`);
    const list = page.getByRole('list', { name: 'Devices' });
    const first = list.getByRole('listitem').first();
    await expect(first).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expectWhole(first.getByText('Failed', { exact: true }));
    // Its key facts are labelled on the card.
    await expect(first.getByText('Batch', { exact: true })).toBeVisible();
    await expect(first.getByText('Last result', { exact: true })).toBeVisible();
    await expect(first.getByText(/^Tested at/)).toBeVisible();
    expect(await noSidewaysScroll(page)).toBe(true);

    // The filter and a sort select stay at hand above the cards.
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('failed');
    await page.getByLabel('Sort by').selectOption({ label: 'Serial, ascending' });
    await expect(page).toHaveURL(/sortby=serial&sortdesc=false/);
    // The cards of the previous order stay until the new page arrives: wait for the sorted ones.
    const serials = () => list.getByRole('listitem').getByRole('link').allInnerTexts();
    await expect.poll(async () => (await serials()).length).toBeGreaterThan(1);
    await expect.poll(async () => {
      const shown = await serials();
      return [...shown].sort().join('\n') === shown.join('\n');
    }).toBe(true);

    // A tap on the card opens the device.
    await first.getByText('Last result', { exact: true }).click();
    await expect(page).toHaveURL(/device=\d+/);
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  test('a batch page and the batches list show cards with status and actions, never scrolling sideways', async ({ page }) => {
    await openSignedIn(page, DEMO_ENGINEER, `/projects/${PROJECT_ID}/productionbatches`);
    const card = page.getByRole('list', { name: 'Production batches' }).getByRole('listitem').filter({ hasText: BATCH });
    await expectWhole(card.getByText('Open', { exact: true }));
    await expect(card.getByText('First-pass yield')).toBeVisible();
    await expect(page.getByRole('button', { name: 'New batch' })).toBeInViewport();
    expect(await noSidewaysScroll(page)).toBe(true);

    await card.getByRole('link', { name: BATCH }).click();
    await expect(page.getByRole('heading', { level: 2, name: BATCH })).toBeVisible();
    const devices = page.getByRole('list', { name: 'Devices' }).getByRole('listitem');
    await expect(devices.first()).toBeVisible();
    await page.getByLabel('Status', { exact: true }).selectOption('failed');
    await expect(page).toHaveURL(/status=failed/);
    await expectWhole(devices.first().getByText('Failed', { exact: true }));
    expect(await noSidewaysScroll(page)).toBe(true);
  });

  test('every project tab is reachable: the strip shows there are more, scrolls, and centres the current one', async ({ page }) => {
    await openSignedIn(page, DEMO_ADMIN, `/projects/${PROJECT_ID}`);
    const links = tabs(page).getByRole('link');
    await expect(links).toHaveText(['Devices', 'Repairs', 'Production batches', 'Manufacturers', 'Invitations', 'Hardware', 'Tests', 'Release batches']);
    // The last tab is off the strip, and the strip says so with an arrow that scrolls towards it.
    const last = links.last();
    await expect(last).not.toBeInViewport();
    const more = tabs(page).locator('button').last();
    await expect(more).toBeVisible();
    // Each tap scrolls most of a strip's width: a few reach the last tab.
    await expect(async () => {
      if (!(await last.evaluate((el) => el.getBoundingClientRect().right <= window.innerWidth))) await more.click();
      await expect(last).toBeInViewport({ timeout: 1000 });
    }).toPass({ timeout: 10_000 });
    expect(await noSidewaysScroll(page)).toBe(true);

    // Each tab, tapped in turn, opens and is the current one, in view.
    for (const name of ['Release batches', 'Tests', 'Hardware', 'Invitations', 'Manufacturers', 'Production batches', 'Devices']) {
      const tab = tabs(page).getByRole('link', { name, exact: true });
      await tab.tap();
      await expect(tab).toHaveAttribute('aria-current', 'page');
      await expect(tab).toBeInViewport({ ratio: 1 });
      await expect(tabs(page).locator('[aria-current="page"]')).toHaveCount(1);
    }

    // Opened by its address, the far tab is brought into view.
    await page.goto(`/projects/${PROJECT_ID}/releasesbatches`);
    await expect(tabs(page).getByRole('link', { name: 'Release batches' })).toBeInViewport({ ratio: 1 });
    expect(await noSidewaysScroll(page)).toBe(true);
  });

  test('invitations open from the project header and from their own tab', async ({ page }) => {
    await openSignedIn(page, DEMO_ENGINEER, `/projects/${PROJECT_ID}/productionbatches`);
    await page.getByRole('link', { name: /^Invitations \d+ pending$/ }).tap();
    await expect(page).toHaveURL(new RegExp(`/projects/${PROJECT_ID}/manufacturers\\?view=invitations$`));
    await expect(tabs(page).getByRole('link', { name: 'Invitations' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('list', { name: 'Invitations' }).getByRole('listitem').first()).toBeVisible();

    await tabs(page).getByRole('link', { name: 'Devices' }).tap();
    await tabs(page).getByRole('link', { name: 'Invitations' }).tap();
    await expect(page).toHaveURL(/view=invitations$/);
    await expect(page.getByRole('list', { name: 'Invitations' })).toBeVisible();
    // Inviting is the header's button, on every tab.
    await page.getByRole('button', { name: 'Invite', exact: true }).tap();
    await expect(page.getByRole('dialog', { name: 'Invite someone' })).toBeVisible();
  });

  test('an operator is told why a tab has no actions', async ({ page }) => {
    await openSignedIn(page, OPERATOR, `/projects/${PROJECT_ID}/releasesbatches`);
    await expect(page.getByText('Only administrators and engineers can create release batches.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'New release batch' })).toHaveCount(0);

    await tabs(page).getByRole('link', { name: 'Production batches' }).tap();
    await expect(page.getByText('Only administrators and engineers can create or delete batches.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'New batch' })).toHaveCount(0);

    // The invitations are theirs to read, not to send.
    await tabs(page).getByRole('link', { name: 'Invitations' }).tap();
    await expect(page.getByText('Only administrators and engineers can invite people or withdraw invitations.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Invite', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Revoke the invitation/ })).toHaveCount(0);
  });
});

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the production batches table keeps every column, Actions included, without scrolling sideways', async ({ page }) => {
    await openSignedIn(page, DEMO_ENGINEER, `/projects/${PROJECT_ID}/productionbatches`);
    const table = page.getByRole('table', { name: 'Production batches' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Actions' })).toBeInViewport({ ratio: 1 });
    const box = table.locator('xpath=..');
    expect(await box.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expect(page.getByLabel('Sort by')).toHaveCount(0);
  });
});
