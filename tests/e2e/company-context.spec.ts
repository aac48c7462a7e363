import type { Page } from '@playwright/test';
import { DEMO_ADMIN, E2E_ADMIN } from './support/accounts';
import { expect, openSignedIn, test } from './support/test';

const ACME = 'Acme Electronics';
const VOLTLINE = 'Voltline Assembly';

const header = (page: Page) => page.getByRole('banner');
const companyInHeader = (page: Page, name: string) => header(page).getByRole('button', { name: `Company: ${name}` });
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('a superadmin’s company stays chosen across dashboard, projects and statistics, named in the header', async ({ page }) => {
  await page.goto('/login');
  await openSignedIn(page, E2E_ADMIN);
  await expect(header(page).getByRole('button', { name: 'Company: Choose company' })).toBeVisible();

  // Chosen once, on the dashboard.
  const picker = page.getByRole('main').getByRole('combobox', { name: 'Company' });
  await picker.fill('acme');
  await page.getByRole('option', { name: ACME }).click();
  await expect(page).toHaveURL(/\/dashboard\?company=\d+$/);
  const acmeId = new URL(page.url()).searchParams.get('company');
  await expect(page.getByRole('heading', { name: `This week at ${ACME}` })).toBeVisible();
  await expect(companyInHeader(page, ACME)).toBeVisible();

  // Projects: the same company without asking, and in the URL for a link or a reload.
  await mainNav(page).getByRole('link', { name: 'Projects' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects\\?company=${acmeId}$`));
  await expect(page.getByRole('main').getByRole('combobox', { name: 'Company' })).toHaveValue(ACME);
  await expect(page.getByRole('table', { name: 'Projects' }).getByRole('link', { name: 'Sensor hub SH-10' })).toBeVisible();
  await expect(companyInHeader(page, ACME)).toBeVisible();

  // Statistics: the same.
  await mainNav(page).getByRole('link', { name: 'Statistics' }).click();
  await expect(page).toHaveURL(new RegExp(`/statistics\\?company=${acmeId}$`));
  await expect(page.getByRole('main').getByRole('combobox', { name: 'Company' })).toHaveValue(ACME);
  await expect(page.getByRole('region', { name: 'Pass rate over time' })).toBeVisible();
  await expect(companyInHeader(page, ACME)).toBeVisible();

  // Changed in the header: the screen on show follows, and so do the others.
  await companyInHeader(page, ACME).click();
  const dialog = page.getByRole('dialog', { name: 'Company to work on' });
  const headerPicker = dialog.getByRole('combobox', { name: 'Company' });
  await expect(headerPicker).toBeFocused();
  await headerPicker.fill('volt');
  await dialog.getByRole('option', { name: VOLTLINE }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/statistics\?company=\d+$/);
  const voltlineId = new URL(page.url()).searchParams.get('company');
  expect(voltlineId).not.toBe(acmeId);
  await expect(page.getByRole('main').getByRole('combobox', { name: 'Company' })).toHaveValue(VOLTLINE);
  await expect(companyInHeader(page, VOLTLINE)).toBeVisible();

  await mainNav(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard\\?company=${voltlineId}$`));
  await expect(page.getByRole('heading', { name: `This week at ${VOLTLINE}` })).toBeVisible();

  // A link naming another company wins, and becomes the context.
  await page.goto(`/projects?company=${acmeId}`);
  await expect(page.getByRole('main').getByRole('combobox', { name: 'Company' })).toHaveValue(ACME);
  await expect(companyInHeader(page, ACME)).toBeVisible();
  await mainNav(page).getByRole('link', { name: 'Statistics' }).click();
  await expect(page).toHaveURL(new RegExp(`/statistics\\?company=${acmeId}$`));
});

test('a company user has no company to choose: their own is the context', async ({ page }) => {
  await page.goto('/login');
  await openSignedIn(page, DEMO_ADMIN);
  await expect(header(page).getByRole('button', { name: /^Company:/ })).toHaveCount(0);
  await mainNav(page).getByRole('link', { name: 'Statistics' }).click();
  await expect(page).toHaveURL(/\/statistics$/);
  await expect(page.getByRole('main').getByRole('combobox', { name: 'Company' })).toHaveCount(0);
  await expect(page.getByText(`How ${ACME}’s boards test`)).toBeVisible();
});
