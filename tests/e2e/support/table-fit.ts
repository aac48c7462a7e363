import type { Page } from '@playwright/test';

/**
 * What the tables of the screen on show leave out: a table that scrolls sideways inside its box
 * (a column off screen), a header or cell outside the box, and text cut by its own box (a button
 * that reads "Sav"). Each finding names the table by its caption and the cell by its text.
 */
export function tableProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const main = document.querySelector('main') ?? document.body;
    // A chart's numbers are a table behind "Show the numbers": opened, it must fit too.
    for (const details of main.querySelectorAll('details')) details.open = true;
    const short = (el: Element) => (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    // Screen-reader text is a 1 px clipped box by design.
    const readerOnly = (el: Element) => el.clientWidth <= 1 && el.clientHeight <= 1;
    for (const table of main.querySelectorAll('table')) {
      const name = table.querySelector('caption')?.textContent?.trim() || table.getAttribute('aria-label') || 'a table';
      let box: HTMLElement = table;
      while (box.parentElement && box !== main && getComputedStyle(box).overflowX === 'visible') box = box.parentElement;
      const scrolls = box.scrollWidth - box.clientWidth;
      if (scrolls > 1) problems.push(`${name}: scrolls ${scrolls} px sideways`);
      const edge = box.getBoundingClientRect();
      const outside = new Set<string>();
      const cut = new Set<string>();
      for (const cell of table.querySelectorAll('th, td')) {
        const rect = cell.getBoundingClientRect();
        if (rect.width === 0) continue;
        if (rect.right > edge.right + 1 || rect.left < edge.left - 1) outside.add(short(cell));
        for (const el of [cell, ...cell.querySelectorAll('*')]) {
          if (readerOnly(el) || el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement) continue;
          const clipped = getComputedStyle(el).overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1;
          const spills = el !== cell && el.getBoundingClientRect().right > rect.right + 1;
          if (clipped || spills) cut.add(`“${short(el)}” (${el.scrollWidth} px in ${el.clientWidth} px)`);
        }
      }
      // A few of each, enough to find them: a column off screen puts every row's cell here.
      if (outside.size) problems.push(`${name}: outside the table's box: ${[...outside].slice(0, 4).map((t) => `“${t}”`).join(', ')}`);
      if (cut.size) problems.push(`${name}: cut: ${[...cut].slice(0, 4).join(', ')}`);
    }
    if (document.documentElement.scrollWidth > window.innerWidth) problems.push(`the page scrolls ${document.documentElement.scrollWidth - window.innerWidth} px sideways`);
    return problems;
  });
}
