// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README and docs/ link to each other, to the pictures `npm run docs:screenshots` writes
 * and to the tour's files: every relative link and picture must name a file that exists, and
 * every `#anchor` a heading of that file, so moving a section or dropping a picture fails here
 * rather than in a reader's browser.
 */
const root = path.resolve('.'); // tests run from the repository root
const pages = ['README.md', ...readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- ]/gu, '')
    .replace(/ /g, '-');

function anchors(file: string): Set<string> {
  const text = readFileSync(file, 'utf8');
  return new Set([...text.matchAll(/^#+ (.+)$/gm)].map((m) => anchorOf(m[1])));
}

function links(page: string): string[] {
  const text = readFileSync(path.join(root, page), 'utf8');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]).filter((href) => !/^[a-z]+:|^</.test(href));
}

describe('the links of README.md and docs/', () => {
  it.each(pages)('%s links only to files and headings that exist', (page) => {
    const broken: string[] = [];
    for (const href of links(page)) {
      const [target, anchor] = href.split('#');
      const file = target ? path.resolve(root, path.dirname(page), target) : path.join(root, page);
      if (!existsSync(file)) broken.push(`${href}: no such file`);
      else if (anchor && file.endsWith('.md') && !anchors(file).has(anchor)) broken.push(`${href}: no such heading`);
    }
    expect(broken).toEqual([]);
  });

  it('shows the README a picture of the app', () => {
    expect(links('README.md').some((href) => /^docs\/images\/.+\.png$/.test(href))).toBe(true);
  });
});
