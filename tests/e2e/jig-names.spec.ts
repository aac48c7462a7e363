import { DEMO_OPERATOR, E2E_ADMIN } from './support/accounts';
import { expect, openSignedIn, test } from './support/test';

/**
 * One jig, one name per screen's reader (contract/jig-names.ts): Acme calls JB-1001 "EOL tester A"
 * (server/seed/demo-enclosure-settings.ts); the platform registered it as "MC-200 line jig A".
 * Acme's people read their name everywhere; the superadmin's list shows the registered name and
 * Acme's beneath it.
 */

const COMPANY_NAME = 'EOL tester A';
const REGISTERED = 'MC-200 line jig A';

test('a company user reads the company’s name for its jig on the dashboard, the jig list and the cassette page', async ({ page }) => {
  await page.goto('/login');
  await openSignedIn(page, DEMO_OPERATOR);
  const jigs = page.getByRole('table', { name: 'Jigs, when last seen and reports in 7 days' });
  await expect(jigs.getByRole('row').filter({ hasText: 'JB-1001' })).toContainText(COMPANY_NAME);
  await expect(jigs).not.toContainText(REGISTERED);

  await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Enclosures' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'JB-1001' })).toContainText(COMPANY_NAME);

  await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Cassettes' }).click();
  const cassettes = page.getByRole('table', { name: 'Cassettes' });
  await expect(cassettes.getByRole('row').filter({ hasText: 'CAS-ACME-001' })).toContainText(COMPANY_NAME);
  await cassettes.getByRole('link', { name: /CAS-ACME-001/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cassette CAS-ACME-001' })).toBeVisible();
  const where = page.getByRole('region', { name: 'Where it is' });
  await expect(where).toContainText(COMPANY_NAME);
  await expect(where).toContainText('JB-1001');
  await expect(page.getByRole('main')).not.toContainText(REGISTERED);
});

test('a superadmin reads the registered name with the company’s beneath it on the platform’s enclosures', async ({ page }) => {
  await page.goto('/login');
  await openSignedIn(page, E2E_ADMIN, '/manage/enclosures');
  const row = page.getByRole('table', { name: 'Enclosures' }).getByRole('row').filter({ hasText: 'JB-1001' });
  await expect(row).toContainText(REGISTERED);
  await expect(row).toContainText(`Its company calls it “${COMPANY_NAME}”`);
  // Found by the company's name too.
  await page.getByRole('main').getByRole('searchbox').fill('EOL tester A');
  await expect(page).toHaveURL(/search=EOL/);
  await expect(page.getByRole('table', { name: 'Enclosures' }).getByRole('row')).toHaveCount(2);
});
