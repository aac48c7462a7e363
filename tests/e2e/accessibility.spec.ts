import { E2E_ADMIN } from './support/accounts';
import { dialogFindings, seriousAxeFindings } from './support/axe';
import { openProcessStep, PROCESS_STEP_LABELS, prepareWalk, requestAtMapStep, screenVisits, settle, useLogin, walkScreens } from './support/screen-walk';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT } from './support/viewports';
import { expect, test } from './support/test';

/**
 * axe (WCAG 2.0/2.1 A and AA) finds nothing serious or critical on any screen of the route table,
 * in any dialog those screens open, or in any processing step of a request, on a laptop and on a
 * phone. A finding names the screen, the rule and the elements.
 *
 * axe takes about a second a screen: the six walks (under a minute or two each) may run in
 * different workers, each on its own server, so the file does not hold one worker for all of it.
 */
test.describe.configure({ mode: 'parallel' });

for (const [size, viewport] of [
  ['1280×800', DESKTOP_VIEWPORT],
  ['390×844', PHONE_VIEWPORT],
] as const) {
  test.describe(`at ${size}`, () => {
    test.use({ viewport });

    // Two halves, so that two workers share the walk.
    for (const [area, inArea] of [
      ['the public and company screens', (path: string) => !path.startsWith('/manage')],
      ['the /manage screens', (path: string) => path.startsWith('/manage')],
    ] as const) {
      test(`${area} and their dialogs: no serious or critical axe finding`, async ({ page }) => {
        test.setTimeout(240_000);
        const setup = await prepareWalk(page.request);
        const opened = new Set<string>();
        const visits = screenVisits(setup).filter((visit) => inArea(visit.path));
        const found = await walkScreens(page, visits, async () => [...(await seriousAxeFindings(page)), ...(await dialogFindings(page, opened))]);
        expect(found).toEqual({});
        // The walk did open dialogs (a renamed button is not silently skipped everywhere).
        expect(opened.size, `dialogs opened: ${[...opened].join(', ')}`).toBeGreaterThanOrEqual(5);
      });
    }

    test('every processing step of a request and its dialogs: no serious or critical axe finding', async ({ page }) => {
      test.setTimeout(120_000);
      const requestId = await requestAtMapStep(page.request);
      await useLogin(page, E2E_ADMIN);
      await page.goto(`/manage/requests/process/${requestId}`);
      await settle(page);
      const found: Record<string, string[]> = {};
      const opened = new Set<string>();
      for (const label of PROCESS_STEP_LABELS) {
        await openProcessStep(page, label);
        const problems = [...(await seriousAxeFindings(page)), ...(await dialogFindings(page, opened))];
        if (problems.length) found[label] = problems;
      }
      expect(found).toEqual({});
    });
  });
}
