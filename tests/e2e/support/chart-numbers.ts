import type { Locator } from '@playwright/test';
import { expect } from './test';

/**
 * Opens a chart card's "Show the numbers" until `target` (something in its table) shows: the
 * dashboard's sections may render again as its other figures arrive, closing the numbers.
 */
export async function showNumbers(card: Locator, target: Locator) {
  await expect(async () => {
    if (!(await target.isVisible())) await card.getByText('Show the numbers').click();
    await expect(target).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}
