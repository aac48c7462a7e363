import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_ADMIN, DEMO_OPERATOR } from './support/accounts';
import { postFailingReport } from './support/jig';
import { expect, openSignedIn, test } from './support/test';

/**
 * A company's jigs against the demo data (server/seed/demo-enclosure-settings.ts): the admin
 * finds Acme's jigs, sees one come online when it reports, and moves the rework bench to another
 * place and project; an operator reads the same jig without a form.
 */

const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/** JB-1001 ("EOL tester A") posts a run now, as the line jig would: it is seen, so online, whenever this spec runs. */
async function jigReports(request: APIRequestContext, baseURL: string, projectId: number) {
  const login = await request.post('/v1/login', { data: { username: DEMO_ADMIN.username, password: DEMO_ADMIN.password } });
  const { data: token } = await login.json();
  const batches = await request.get(`/v1/projects/${projectId}/productionbatches?limit=1`, {
    headers: { authorization: `${token.type} ${token.token}` },
  });
  const batchId: number = (await batches.json()).data[0].id;
  await postFailingReport(baseURL, { projectId, batchId, serial: `JIGS-E2E-${Date.now()}` });
}

test('a company admin sees its jigs, which are online, and edits where one stands and what it tests', async ({ page, request, baseURL }) => {
  await page.goto('/login');
  await openSignedIn(page, DEMO_ADMIN);
  await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Enclosures' }).click();
  await expect(page).toHaveURL(/\/enclosures$/);
  await expect(page.getByRole('heading', { name: 'Enclosures' })).toBeVisible();
  for (const name of ['EOL tester A', 'EOL tester B', 'Sensor hub tester', 'Rework bench']) {
    await expect(rowOf(page, name)).toHaveCount(1);
  }
  await expect(rowOf(page, 'EOL tester A')).toContainText('JB-1001');
  await expect(rowOf(page, 'EOL tester A')).toContainText('Hall 2 · Line 1, station 4');
  await expect(rowOf(page, 'Prototype jig')).toContainText('Revoked');

  // The project link of a row leads to the project; the jig reports and is online.
  const projectHref = await rowOf(page, 'EOL tester A').getByRole('link', { name: 'Motor controller MC-200' }).getAttribute('href');
  const projectId = Number(/\/projects\/(\d+)/.exec(projectHref!)![1]);
  await jigReports(request, baseURL!, projectId);
  await page.getByLabel('Status').selectOption('online');
  await expect(page).toHaveURL(/status=online/);
  await expect(rowOf(page, 'EOL tester A')).toContainText('Online');
  await expect(rowOf(page, 'Prototype jig')).toHaveCount(0);
  await page.getByLabel('Status').selectOption('offline');
  await expect(rowOf(page, 'Prototype jig')).toContainText('Offline');
  await expect(rowOf(page, 'EOL tester A')).toHaveCount(0);

  // Search over the location, then open the rework bench.
  await page.getByLabel('Status').selectOption('');
  await page.getByRole('searchbox').fill('rework area');
  await expect(page.getByRole('row')).toHaveCount(2); // the header and the bench
  await rowOf(page, 'Rework bench').getByRole('link', { name: 'Rework bench' }).click();
  await expect(page).toHaveURL(/\/enclosures\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Rework bench' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Test runs per day' })).toBeVisible();
  const facts = page.getByRole('region', { name: 'Facts' });
  await expect(facts).toContainText('JB-1004');
  await expect(facts).toContainText('Hall 3 · Rework area');

  // An empty name is refused beside its field; then a new place and project are saved.
  const name = page.getByRole('textbox', { name: 'Name' });
  await name.fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Name is required.')).toBeVisible();
  await name.fill('Rework bench');
  await page.getByRole('textbox', { name: 'Location' }).fill('Hall 3 · Bay 7');
  await page.getByRole('combobox', { name: 'Project' }).click();
  await page.getByRole('combobox', { name: 'Project' }).fill('sensor');
  await page.getByRole('option', { name: 'Sensor hub SH-10' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Jig “Rework bench” saved.')).toBeVisible();
  await expect(facts).toContainText('Hall 3 · Bay 7');
  await expect(facts.getByRole('link', { name: 'Sensor hub SH-10' })).toBeVisible();

  // Saved on the server: a reload shows it, and so does the list.
  await page.reload();
  await expect(facts).toContainText('Hall 3 · Bay 7');
  await expect(facts.getByRole('link', { name: 'Sensor hub SH-10' })).toHaveAttribute('href', /\/projects\/\d+$/);
  await page.getByRole('link', { name: 'Enclosures' }).first().click();
  await expect(rowOf(page, 'Rework bench')).toContainText('Hall 3 · Bay 7');
  await expect(rowOf(page, 'Rework bench')).toContainText('Sensor hub SH-10');
});

test('an operator reads a jig but has no form to change it', async ({ page }) => {
  await page.goto('/login');
  await openSignedIn(page, DEMO_OPERATOR, '/enclosures');
  await rowOf(page, 'EOL tester B').getByRole('link', { name: 'EOL tester B' }).click();
  await expect(page.getByRole('heading', { name: 'EOL tester B' })).toBeVisible();
  await expect(page.getByText('Hall 2 · Line 1, station 5').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Settings' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(page.getByText('Admins and engineers of your company change a jig’s name, location and project.')).toBeVisible();
});
