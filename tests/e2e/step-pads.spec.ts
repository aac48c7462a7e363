import type { Page } from '@playwright/test';
import { DEMO_ENGINEER } from './support/accounts';
import { seriousAxeFindings } from './support/axe';
import { expect, openSignedIn, test } from './support/test';

/**
 * Steps know their pads: an engineer of the demo's Acme names the test resource a step of a new
 * profile of LC-8 (made from a processed request) measures, then opens that pad on the project's
 * board drawing and follows it to the step's profile. Each run stamps its own profile name.
 */

async function openProjectSection(page: Page, project: string, section: 'Tests' | 'Hardware') {
  await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Projects' }).click();
  await page.getByRole('table', { name: 'Projects' }).getByRole('link', { name: project }).click();
  await expect(page.getByRole('heading', { level: 1, name: project })).toBeVisible();
  await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: section }).click();
}

test('a step names the pad group it measures, and the pad on the board opens it', async ({ page }) => {
  await page.goto('/login');
  await openSignedIn(page, DEMO_ENGINEER);
  const name = `E2E pads ${Date.now().toString(36)}`;
  await openProjectSection(page, 'LED driver LC-8', 'Tests');
  await page.getByRole('button', { name: 'New profile' }).click();
  const create = page.getByRole('dialog', { name: 'New profile' });
  await create.getByLabel('Name').fill(name);
  await create.getByLabel('Version').fill('1.0');
  await create.getByRole('button', { name: 'Create profile' }).click();
  await expect(page).toHaveURL(/\/testprofiles\/\d+$/);
  const profileUrl = page.url();

  // The step names the resource wired to TP2's pad group, found by typing the pad's name.
  await page.getByRole('button', { name: 'Add step' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add step' });
  await dialog.getByLabel('Step name').fill('LED string 2');
  await dialog.getByRole('combobox', { name: 'Add a test resource' }).fill('TP2');
  await dialog.getByRole('option', { name: /\(TP2\) · pad group/ }).click();
  const measured = dialog.getByRole('list', { name: 'Test resources measured' });
  await expect(measured.getByRole('listitem')).toHaveCount(1);
  await expect(measured).toContainText('1 pad · bay 1');
  await dialog.getByRole('button', { name: 'Add step' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('region', { name: /Steps/ }).getByRole('row').filter({ hasText: 'LED string 2' });
  await expect(row).toContainText('(TP2) (1 pad)');

  // On the board: TP2 opens its pad group, its cartridge pin and the step of the new (draft) profile.
  await openProjectSection(page, 'LED driver LC-8', 'Hardware');
  const drawing = page.getByRole('img', { name: 'The project’s test pads' });
  await expect(drawing).toBeVisible();
  // The top side's pads are drawn in name order: TP1, TP2, …
  await drawing.locator('circle[data-i="1"]').click();
  const pad = page.getByRole('region', { name: 'Pad TP2' });
  await expect(pad).toContainText('(TP2)');
  await expect(pad).toContainText('Bay 1');
  await expect(pad).toContainText('LED string 2');
  expect(await seriousAxeFindings(page)).toEqual([]);
  await pad.getByRole('link', { name: `${name} 1.0` }).click();
  await expect(page).toHaveURL(profileUrl);
  await expect(page.getByRole('heading', { name: `${name} 1.0` })).toBeVisible();
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the board and a step’s test resources fit a phone', async ({ page }) => {
    await page.goto('/login');
    await openSignedIn(page, DEMO_ENGINEER, '/projects');
    const section = async (name: 'Tests' | 'Hardware') => {
      await page.getByRole('link', { name: 'LED driver LC-8' }).first().click();
      await expect(page.getByRole('heading', { level: 1, name: 'LED driver LC-8' })).toBeVisible();
      await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name }).click();
    };
    const noSidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
    await section('Hardware');
    const drawing = page.getByRole('img', { name: 'The project’s test pads' });
    await drawing.locator('circle[data-i="0"]').tap();
    await expect(page.getByRole('region', { name: 'Pad TP1' })).toBeVisible();
    expect(await noSidewaysScroll()).toBe(true);
    await page.screenshot({ path: '.tmp/step-pads-board-phone.png', fullPage: true });

    await page.goto('/projects');
    await section('Tests');
    await page.getByRole('button', { name: 'New profile' }).click();
    const create = page.getByRole('dialog', { name: 'New profile' });
    await create.getByLabel('Name').fill(`E2E phone ${Date.now().toString(36)}`);
    await create.getByLabel('Version').fill('1');
    await create.getByLabel('Start with a step per test resource').check();
    await create.getByRole('button', { name: 'Create profile' }).click();
    await expect(page).toHaveURL(/\/testprofiles\/\d+$/);
    // LC-8's resources but its ground reference, a step each.
    await expect(page.getByRole('heading', { name: /Steps \([1-9]/ })).toBeVisible();
    await page.getByRole('button', { name: /^Edit / }).first().click();
    const dialog = page.getByRole('dialog', { name: /Edit step/ });
    await expect(dialog.getByRole('list', { name: 'Test resources measured' }).getByRole('listitem')).toHaveCount(1);
    expect(await seriousAxeFindings(page, '[role="dialog"]')).toEqual([]);
    expect(await noSidewaysScroll()).toBe(true);
    await page.screenshot({ path: '.tmp/step-pads-step-phone.png' });
  });
});
