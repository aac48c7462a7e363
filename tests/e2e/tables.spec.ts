import { DESKTOP_VIEWPORT } from './support/viewports';
import { openProcessStep, PROCESS_STEP_LABELS, prepareWalk, requestAtMapStep, screenVisits, useLogin, walkScreens, settle } from './support/screen-walk';
import { tableProblems } from './support/table-fit';
import { E2E_ADMIN } from './support/accounts';
import { expect, test } from './support/test';

/**
 * At 1280×800 no table hides a column: every screen of the route table, opened as its demo login,
 * and every processing step of a request, has its tables whole (no sideways scroll, no header or
 * cell outside the table, no text cut).
 */
test.use({ viewport: DESKTOP_VIEWPORT });

test('every table screen shows all its columns whole at 1280×800', async ({ page }) => {
  test.setTimeout(180_000);
  const setup = await prepareWalk(page.request);
  const found = await walkScreens(page, screenVisits(setup), () => tableProblems(page));
  expect(found).toEqual({});
});

test('every processing step of a request shows its tables whole at 1280×800', async ({ page }) => {
  test.setTimeout(90_000);
  const requestId = await requestAtMapStep(page.request);
  await useLogin(page, E2E_ADMIN);
  await page.goto(`/manage/requests/process/${requestId}`);
  await settle(page);
  const found: Record<string, string[]> = {};
  for (const label of PROCESS_STEP_LABELS) {
    await openProcessStep(page, label);
    const problems = await tableProblems(page);
    if (problems.length) found[label] = problems;
  }
  expect(found).toEqual({});
});
