import type { Page } from '@playwright/test';
import { DEMO_ADMIN, DEMO_ENGINEER } from './support/accounts';
import { expect, openSignedIn, test } from './support/test';

const PROFILE_REASON = 'Your changes to your profile are not saved yet.';

const leaveDialog = (page: Page) => page.getByRole('dialog', { name: 'Leave this page?' });

/** Signed in as the demo engineer, on /me through the top bar (a pushed entry, so Back has somewhere to go). */
async function openProfile(page: Page) {
  await page.goto('/login');
  await openSignedIn(page, DEMO_ENGINEER);
  await page.getByRole('banner').getByRole('link', { name: DEMO_ENGINEER.username }).click();
  await expect(page).toHaveURL(/\/me$/);
  await expect(page.getByLabel('Email')).not.toHaveValue('');
}

/** Typed with the keyboard: the browser only asks on tab close after a real user gesture. */
async function typeUnsavedEmail(page: Page) {
  await page.getByLabel('Email').click();
  await page.getByLabel('Email').press('End');
  await page.getByLabel('Email').pressSequentially('.unsaved');
}

const dashboardLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: 'Jigboard' });

test.describe('leaving a form with unsaved input asks first', () => {
  test('nothing typed: leaving the profile does not ask', async ({ page }) => {
    await openProfile(page);
    await dashboardLink(page).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(leaveDialog(page)).toHaveCount(0);
  });

  test('a link: Stay keeps the typing, Leave follows the link and drops it', async ({ page }) => {
    await openProfile(page);
    const original = await page.getByLabel('Email').inputValue();
    await typeUnsavedEmail(page);

    await dashboardLink(page).click();
    await expect(leaveDialog(page)).toBeVisible();
    await expect(leaveDialog(page)).toContainText(PROFILE_REASON);
    await leaveDialog(page).getByRole('button', { name: 'Stay' }).click();
    await expect(leaveDialog(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/me$/);
    await expect(page.getByLabel('Email')).toHaveValue(`${original}.unsaved`);

    await dashboardLink(page).click();
    await leaveDialog(page).getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(leaveDialog(page)).toHaveCount(0);

    // Nothing was saved, and the next screen is not guarded.
    await page.getByRole('banner').getByRole('link', { name: DEMO_ENGINEER.username }).click();
    await expect(page.getByLabel('Email')).toHaveValue(original);
    await dashboardLink(page).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('Back: Stay puts the page back in the address bar, Leave goes back', async ({ page }) => {
    await openProfile(page);
    await typeUnsavedEmail(page);

    await page.goBack();
    await expect(leaveDialog(page)).toBeVisible();
    await leaveDialog(page).getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(/\/me$/);
    await expect(page.getByLabel('Email')).toHaveValue(/\.unsaved$/);

    await page.goBack();
    await leaveDialog(page).getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
  });

  test('Escape answers Stay', async ({ page }) => {
    await openProfile(page);
    await typeUnsavedEmail(page);
    await dashboardLink(page).click();
    await expect(leaveDialog(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(leaveDialog(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/me$/);
  });

  test('logging out asks too', async ({ page }) => {
    await openProfile(page);
    await typeUnsavedEmail(page);
    await page.getByRole('button', { name: 'Log out' }).click();
    await leaveDialog(page).getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(/\/me$/);
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();

    await page.getByRole('button', { name: 'Log out' }).click();
    await leaveDialog(page).getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  });

  test('closing or reloading the tab: the browser asks', async ({ page }) => {
    await openProfile(page);
    await typeUnsavedEmail(page);
    const asked = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const dialog = await asked;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.dismiss();
    expect(page.isClosed()).toBe(false);
    await expect(page.getByLabel('Email')).toHaveValue(/\.unsaved$/);
  });

  test('saving the profile ends the question; typing the old value back too', async ({ page }) => {
    await openProfile(page);
    const email = page.getByLabel('Email');
    const original = await email.inputValue();
    const changed = original.replace('@', '+leave@');
    await email.fill(changed);
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Profile saved.')).toBeVisible();
    await dashboardLink(page).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // Put the demo user's email back, through the same form.
    await page.getByRole('banner').getByRole('link', { name: DEMO_ENGINEER.username }).click();
    await expect(email).toHaveValue(changed);
    await email.fill(original);
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Profile saved.')).toBeVisible();

    await email.fill(`${original}x`);
    await email.fill(original);
    await dashboardLink(page).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the user form: Cancel asks, saving goes straight to the user', async ({ page }) => {
    const stamp = Date.now().toString(36);
    const username = `leave-${stamp}`;
    await page.goto('/login');
    await openSignedIn(page, DEMO_ADMIN, '/users/new');
    await page.getByLabel('Username').fill(username);

    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(leaveDialog(page)).toContainText('The new user is not created yet.');
    await leaveDialog(page).getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(/\/users\/new$/);

    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('leave-guard-password-1');
    await page.getByLabel('Confirm password').fill('leave-guard-password-1');
    await page.getByRole('checkbox', { name: 'Engineer' }).check();
    await page.getByRole('button', { name: 'Create user' }).click();
    await expect(page).toHaveURL(/\/users\/\d+$/);
    await expect(leaveDialog(page)).toHaveCount(0);
    const userUrl = page.url();

    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/users\/\d+\/edit$/);
    await page.getByLabel('Email').fill(`${username}+edited@example.com`);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(leaveDialog(page)).toContainText('Your changes to this user are not saved yet.');
    await leaveDialog(page).getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(userUrl);
    await expect(page.getByText(`${username}@example.com`)).toBeVisible();

    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByLabel('Email').fill(`${username}+edited@example.com`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(userUrl);
    await expect(leaveDialog(page)).toHaveCount(0);
    await expect(page.getByText(`${username}+edited@example.com`)).toBeVisible();
  });
});
