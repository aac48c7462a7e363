import type { Page } from '@playwright/test';
import axe from 'axe-core';
import { expect } from './test';

/** The rules the suite holds every screen to: WCAG 2.0 and 2.1, levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Colours as they settle: a button just enabled fades from its disabled shade for 150 ms, and axe
 * measuring in between reports a contrast nobody sees (seen on a busy machine). One style per
 * document; a screen change in the app keeps it.
 */
async function settleColours(page: Page): Promise<void> {
  await page.evaluate(() => {
    if (document.getElementById('axe-settled')) return;
    const style = document.createElement('style');
    style.id = 'axe-settled';
    style.textContent = '*, *::before, *::after { transition: none !important; animation: none !important; }';
    document.head.append(style);
  });
}

/**
 * axe-core in the page's current document, put there once: the screens and dialogs of one
 * document share it. `@axe-core/playwright`'s `analyze()` evaluated axe's 500 kB source again on
 * every call and, in its default mode, merged the results in a new blank tab (with the source
 * once more): about 4.8 s a check on the 2-core machine under load, against 0.8 s for `axe.run`
 * on the page and 0.5 s for one injection. The app has no frames, the one thing its frame-by-frame
 * mode is for; the rules and options are the same (`runOnly` by tag, as `withTags` sets).
 */
async function withAxe(page: Page): Promise<void> {
  if (await page.evaluate(() => 'axe' in window)) return;
  await page.evaluate(axe.source);
}

type Violation = { id: string; impact?: string | null; nodes: { target: unknown[] }[] };

/**
 * axe's serious and critical findings on the page as it stands (or within `within`, a selector),
 * one line each: the rule, and the first elements it names (enough to find them; the count says
 * how many more).
 */
export async function seriousAxeFindings(page: Page, within?: string): Promise<string[]> {
  await settleColours(page);
  await withAxe(page);
  const violations = await page.evaluate(
    ({ tags, within }) => {
      const run = (window as unknown as { axe: typeof axe }).axe.run;
      // Passes and inapplicable rules are still run, only not listed node by node: nothing here reads them.
      return run(within ? { include: [within], exclude: [] } : document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }).then(
        (results) => results.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => ({ target: n.target })) })),
      );
    },
    { tags: WCAG_TAGS, within },
  );
  return (violations as Violation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const targets = v.nodes.slice(0, 3).map((n) => n.target.join(' '));
      const more = v.nodes.length > 3 ? ` and ${v.nodes.length - 3} more` : '';
      return `${v.id} (${v.impact}): ${targets.join(', ')}${more}`;
    });
}

/**
 * The buttons that open a dialog, by name, on the screens the walk visits. Each only opens its
 * dialog (a delete asks first), so the walk can look and press Escape without changing anything.
 */
const DIALOG_OPENERS = [
  'Invite',
  'New batch',
  'New profile',
  'New release batch',
  'New version',
  'Add manufacturer',
  'Edit configuration',
  'Add test resource',
  'Assign cassette',
  'Reject request',
  'Upload firmware',
  'New cartridge type',
  'New cassette',
  'New cartridge',
  'Record calibration',
  'Add failure code',
  'New resource type',
  'New AMS module',
  'Add module',
  'Add cartridge',
  'Edit',
  'Correct',
  'Delete',
];

/** The top bar's dialogs: the menu on a phone, a superadmin's company choice. */
const TOP_BAR_OPENERS: (string | RegExp)[] = ['Open menu', /^Company:/];

/**
 * Opens each dialog the screen on show offers (the first button of each name above) that
 * `opened` has not met yet, runs axe on the dialog alone (the screen behind it was checked on its
 * own), and closes it with Escape. Answers the findings by the dialog's name. One `opened` for a
 * whole walk: a delete or an edit dialog is the same component on every screen, looked at once.
 */
export async function dialogFindings(page: Page, opened: Set<string>): Promise<string[]> {
  const found: string[] = [];
  const openers = [
    ...DIALOG_OPENERS.map((name) => ({ key: name, button: page.getByRole('main').getByRole('button', { name, exact: true }) })),
    ...TOP_BAR_OPENERS.map((name) => ({ key: String(name), button: page.getByRole('banner').getByRole('button', { name }) })),
  ];
  for (const { key: name, button } of openers) {
    if (opened.has(name)) continue;
    const opener = button.first();
    if (!(await opener.isVisible()) || !(await opener.isEnabled())) continue;
    await opener.click();
    const dialog = page.getByRole('dialog').or(page.getByRole('alertdialog')).first();
    await expect(dialog, `the dialog of “${name}”`).toBeVisible();
    opened.add(name);
    // Look once what the dialog loads has come (as `settle` waits on a screen). No dialog
    // animates (src has no animation, and the style above stops transitions): a fixed 250 ms
    // wait here was waited out at each of the walks' ~80 dialogs.
    await expect(dialog.locator('[role="status"]:has(.animate-spin), [aria-busy="true"]')).toHaveCount(0, { timeout: 10_000 });
    for (const problem of await seriousAxeFindings(page, '[role="dialog"], [role="alertdialog"]')) found.push(`${name} dialog: ${problem}`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
  return found;
}
