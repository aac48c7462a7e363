import type { Page } from '@playwright/test';
import { companyOnJigboard, INVITE_UNUSABLE_MESSAGES } from '../../contract/invites';
import { DEMO_ADMIN, DEMO_ENGINEER } from './support/accounts';
import { expect, logOut, openSignedIn, test } from './support/test';

const PROJECT = 'Motor controller MC-200';
/** Voltline's admin already reads MC-200 (the demo's accepted invite), not this one. */
const OTHER_PROJECT = 'Sensor hub SH-10';
const VOLTLINE_ADMIN = { username: 'voltline-admin', password: 'jigboard-demo', email: 'voltline-admin@example.com' };
/** Unique per run, so a rerun against the same server never meets its own earlier invites. */
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function openProject(page: Page, name = PROJECT) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
  await page.getByRole('table', { name: 'Projects' }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return Number(/\/projects\/(\d+)/.exec(page.url())![1]);
}

/** Invites `email` from the project header and returns the link the dialog shows once. */
async function invite(page: Page, email: string, role: string, manufacturer?: string): Promise<string> {
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite someone' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Role').selectOption({ label: role });
  if (manufacturer) await dialog.getByLabel('Manufacturer').selectOption({ label: manufacturer });
  await dialog.getByRole('button', { name: 'Create invitation' }).click();
  const created = page.getByRole('dialog', { name: 'Invitation created' });
  await expect(created.getByText('This link will not be shown again.', { exact: false })).toBeVisible();
  const link = await created.getByLabel('Invitation link').inputValue();
  expect(link).toMatch(/\/register\?token=[\w-]{40,}/);
  return link;
}

async function closeLinkDialog(page: Page) {
  await page.getByRole('dialog', { name: 'Invitation created' }).getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
}

test.describe('invitations', () => {
  test('a new person registers through the link an engineer copied, and lands in the project', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/login');
    await openSignedIn(page, DEMO_ENGINEER);
    const projectId = await openProject(page);
    const email = `new-${unique()}@example.com`;
    const link = await invite(page, email, 'Operator', 'Kestrel PCBA');

    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await closeLinkDialog(page);
    await logOut(page);

    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
    await expect(page.getByText(`to the project ${PROJECT} as Operator`)).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByLabel('Email')).not.toBeEditable();
    const username = `new.${unique()}`;
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill('a-long-password-1');
    // A wrong confirmation is caught before anything is sent, and nothing typed is lost.
    await page.getByLabel('Repeat password').fill('a-long-password-2');
    await page.getByRole('button', { name: 'Create account and join' }).click();
    await expect(page.getByText('The confirmation does not match the password.')).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveValue(username);
    await page.getByLabel('Repeat password').fill('a-long-password-1');
    await page.getByRole('button', { name: 'Create account and join' }).click();

    await expect(page).toHaveURL(new RegExp(`/projects/${projectId}$`));
    await expect(page.getByRole('heading', { level: 1, name: PROJECT })).toBeVisible();
    // Signed in as the new account: a reload keeps the stored login.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: PROJECT })).toBeVisible();
    // Read access only: nobody from a manufacturer invites people into the customer's project.
    await expect(page.getByRole('button', { name: 'Invite', exact: true })).toHaveCount(0);

    // The link worked once.
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Invitation already used' })).toBeVisible();
    await expect(page.getByText(INVITE_UNUSABLE_MESSAGES.accepted)).toBeVisible();
  });

  test('an existing user logs in from the link, accepts, and lands in the project; the link is then spent', async ({ page }) => {
    await page.goto('/login');
    await openSignedIn(page, DEMO_ENGINEER);
    const projectId = await openProject(page, OTHER_PROJECT);
    // No manufacturer: the link could make an account in Acme, so the page offers the form too.
    const link = await invite(page, VOLTLINE_ADMIN.email, 'Viewer');
    await closeLinkDialog(page);

    // Opened by someone else's account: it says so, without spelling out either address.
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'This invitation is for someone else' })).toBeVisible();
    await expect(page.getByText(VOLTLINE_ADMIN.email)).toHaveCount(0);
    await page.getByRole('button', { name: 'Log out' }).click();

    // Logged out, back on the link: the page does not know whether an account exists (an inviter
    // must not learn it from the link), so it offers the form and the login alike.
    await expect(page).toHaveURL(/\/register\?token=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
    // Registering the taken email is what tells the link's holder to log in instead.
    await page.getByLabel('Username').fill(`voltline.${unique()}`);
    await page.getByLabel('Password', { exact: true }).fill('a-long-password-1');
    await page.getByLabel('Repeat password').fill('a-long-password-1');
    await page.getByRole('button', { name: 'Create account and join' }).click();
    await expect(page.getByText('An account with this email exists: log in and accept the invitation.')).toBeVisible();
    await page.getByRole('link', { name: 'Log in to accept' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Username').fill(VOLTLINE_ADMIN.username);
    await page.getByLabel('Password').fill(VOLTLINE_ADMIN.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(link);

    await expect(page.getByRole('heading', { level: 1, name: 'Accept the invitation' })).toBeVisible();
    await expect(page.getByText(OTHER_PROJECT).first()).toBeVisible();
    await page.getByRole('button', { name: 'Accept' }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${projectId}$`));
    await expect(page.getByRole('heading', { level: 1, name: OTHER_PROJECT })).toBeVisible();
    // The project is in their list now.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
    await expect(page.getByRole('table', { name: 'Projects' }).getByRole('link', { name: OTHER_PROJECT })).toBeVisible();

    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Invitation already used' })).toBeVisible();
    await expect(page.getByText(INVITE_UNUSABLE_MESSAGES.accepted)).toBeVisible();
  });

  test('a revoked invitation shows as revoked, and its link says it was withdrawn', async ({ page }) => {
    await page.goto('/login');
    await openSignedIn(page, DEMO_ENGINEER);
    const projectId = await openProject(page);
    const email = `revoke-${unique()}@example.com`;
    const link = await invite(page, email, 'Engineer');
    await closeLinkDialog(page);

    await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Invitations' }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/manufacturers\\?view=invitations$`));
    const table = page.getByRole('table', { name: 'Invitations' });
    const row = table.getByRole('row').filter({ hasText: email });
    const statusCell = row.getByRole('cell').nth(2);
    await expect(statusCell).toContainText('Pending');
    await row.getByRole('button', { name: `Revoke the invitation to ${email}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke the invitation?' });
    await confirm.getByRole('button', { name: 'Revoke invitation' }).click();
    await expect(confirm).toBeHidden();
    await expect(statusCell).toContainText('Revoked');
    await expect(row.getByRole('button', { name: /Revoke|Resend/ })).toHaveCount(0);

    // The status filter lives in the URL with the view.
    await page.getByLabel('Status', { exact: true }).selectOption('revoked');
    await expect(page).toHaveURL(/view=invitations.*status=revoked|status=revoked.*view=invitations/);
    await expect(row).toBeVisible();

    await logOut(page);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Invitation withdrawn' })).toBeVisible();
    await expect(page.getByText(INVITE_UNUSABLE_MESSAGES.revoked)).toBeVisible();
  });

  test('resend gives a new link once and the old one stops working', async ({ page }) => {
    await page.goto('/login');
    await openSignedIn(page, DEMO_ENGINEER);
    const projectId = await openProject(page);
    const email = `resend-${unique()}@example.com`;
    const first = await invite(page, email, 'Viewer');
    await closeLinkDialog(page);

    await page.goto(`/projects/${projectId}/manufacturers?view=invitations`);
    const row = page.getByRole('table', { name: 'Invitations' }).getByRole('row').filter({ hasText: email });
    await row.getByRole('button', { name: `Resend the invitation to ${email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'New invitation link' });
    const second = await dialog.getByLabel('Invitation link').inputValue();
    expect(second).not.toBe(first);
    await dialog.getByRole('button', { name: 'Done' }).click();

    await logOut(page);
    await page.goto(first);
    await expect(page.getByRole('heading', { level: 1, name: 'Invitation not found' })).toBeVisible();
    await page.goto(second);
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  });
});

test.describe('invitations into a manufacturer\'s company', () => {
  test('an admin cannot invite an admin into a manufacturer that has its own company; other roles go', async ({ page }) => {
    await page.goto('/login');
    await openSignedIn(page, DEMO_ADMIN);
    await openProject(page);
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite someone' });
    await dialog.getByLabel('Email').fill(`maker-admin-${unique()}@example.com`);
    await dialog.getByLabel('Role').selectOption({ label: 'Administrator' });
    await dialog.getByLabel('Manufacturer').selectOption({ label: 'Voltline Assembly' });
    await dialog.getByRole('button', { name: 'Create invitation' }).click();
    // Refused beside the role, in words; the dialog stays open with what was typed.
    await expect(dialog.getByText('accepting never makes anyone an admin there', { exact: false })).toBeVisible();
    await expect(dialog.getByLabel('Role')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByLabel('Role').selectOption({ label: 'Engineer' });
    await dialog.getByRole('button', { name: 'Create invitation' }).click();
    await expect(page.getByRole('dialog', { name: 'Invitation created' })).toBeVisible();
  });

  test('nobody registers into an existing company: its admin adds the account, which then logs in and accepts', async ({ page }) => {
    await page.goto('/login');
    await openSignedIn(page, DEMO_ADMIN);
    const projectId = await openProject(page, OTHER_PROJECT);
    const newcomer = { username: `volt.${unique()}`, password: 'a-long-password-1', email: `volt-${unique()}@example.com` };
    const link = await invite(page, newcomer.email, 'Viewer', 'Voltline Assembly');
    await closeLinkDialog(page);
    await logOut(page);

    // The link offers no form: it says whom to ask, and the way to log in.
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Log in to accept the invitation' })).toBeVisible();
    await expect(page.getByText(companyOnJigboard('Voltline Assembly'))).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Create account and join' })).toHaveCount(0);
    await expect(page.getByText(/ as (Viewer|Administrator|Engineer|Operator)\b/)).toHaveCount(0);

    // Voltline's admin adds the account on the Users screen.
    await page.goto('/login');
    await openSignedIn(page, VOLTLINE_ADMIN, '/users/new');
    await expect(page.getByText('A new account in Voltline Assembly.')).toBeVisible();
    await page.getByLabel('Username').fill(newcomer.username);
    await page.getByLabel('Email').fill(newcomer.email);
    await page.getByLabel('Password', { exact: true }).fill(newcomer.password);
    await page.getByLabel('Confirm password').fill(newcomer.password);
    await page.getByRole('checkbox', { name: 'Operator' }).check();
    await page.getByRole('button', { name: 'Create user' }).click();
    await expect(page).not.toHaveURL(/\/users\/new$/);
    await logOut(page);

    // The newcomer logs in from the link, comes back to it, and accepts.
    await page.goto(link);
    await page.getByRole('link', { name: 'Log in to accept' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Username').fill(newcomer.username);
    await page.getByLabel('Password').fill(newcomer.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Accept the invitation' })).toBeVisible();
    await page.getByRole('button', { name: 'Accept' }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${projectId}$`));
    await expect(page.getByRole('heading', { level: 1, name: OTHER_PROJECT })).toBeVisible();
  });
});

test.describe('invitations at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the list fits the phone: each card shows its status and keeps Revoke on screen', async ({ page }) => {
    await openSignedIn(page, DEMO_ENGINEER, '/projects/1/manufacturers?view=invitations');
    const cards = page.getByRole('list', { name: 'Invitations' });
    // The demo's pending invitation to Kestrel's production contact.
    const card = cards.getByRole('listitem').filter({ hasText: 'production@kestrel-pcba.example.com' });
    await expect(card.getByText('Pending')).toBeVisible();
    // Scrolled to vertically (other tests add cards above), it needs no sideways scroll.
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByRole('button', { name: /^Revoke the invitation/ })).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  });
});
