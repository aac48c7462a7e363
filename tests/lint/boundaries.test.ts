// @vitest-environment node
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layer rules of eslint.config.js, run through ESLint itself on a snippet placed in a
 * layer: breaking the config (a layer allowed too much, a rule switched off) fails here, not
 * silently in review. Snippets import real files, since the rule judges resolved paths.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The rules that fired on `code` linted as if it were the file `file`. */
async function lint(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((m) => `${m.line}:${m.ruleId ?? m.message}`);
}

const fileIn = (layer: string) => `${layer}/boundary-probe.ts`;
const importOf = (layer: string) =>
  ({
    src: "import * as m from '../src/main';",
    machines: "import * as m from '../machines/guard';",
    contract: "import * as m from '../contract/roles';",
    server: "import * as m from '../server/app';",
  })[layer] + '\nexport const probe = m;\n';

/** ARCHITECTURE.md: `src → machines → contract`, `server → contract`; tests and scripts use what they test. */
const forbidden: [from: string, to: string][] = [
  ['machines', 'src'],
  ['machines', 'server'],
  ['contract', 'machines'],
  ['contract', 'src'],
  ['contract', 'server'],
  ['server', 'src'],
  ['server', 'machines'],
  ['src', 'server'],
  ['scripts', 'src'],
];
const allowed: [from: string, to: string][] = [
  ['src', 'machines'],
  ['src', 'contract'],
  ['machines', 'contract'],
  ['server', 'contract'],
  ['scripts', 'server'],
  ['tests', 'src'],
  ['tests', 'server'],
  ['tests', 'machines'],
];

describe('the layer boundaries (eslint.config.js)', () => {
  it.each(forbidden)('refuses an import from %s/ into %s/', async (from, to) => {
    expect(await lint(fileIn(from), importOf(to))).toEqual(['1:boundaries/dependencies']);
  });

  it.each(allowed)('lets %s/ import %s/', async (from, to) => {
    expect(await lint(fileIn(from), importOf(to))).toEqual([]);
  });

  it('refuses a dynamic import and a re-export across a boundary too', async () => {
    const code = "export * from '../src/main';\nexport const later = () => import('../server/app');\n";
    expect(await lint(fileIn('machines'), code)).toEqual(['1:boundaries/dependencies', '2:boundaries/dependencies']);
  });

  it("keeps a screen folder's routes.ts free of static imports but the screen-entry helpers", async () => {
    const file = 'src/screens/enclosure-updates/routes.ts';
    const lazy = "import { screen } from '../../app/screen-entry';\nexport default { x: screen('X', () => import('./enclosure-updates-screen').then((m) => ({ default: m.EnclosureUpdatesScreen }))) };\n";
    expect(await lint(file, lazy)).toEqual([]);
    const eager = "import { screen } from '../../app/screen-entry';\nimport { EnclosureUpdatesScreen } from './enclosure-updates-screen';\nexport default { x: screen('X', async () => ({ default: EnclosureUpdatesScreen })) };\n";
    expect(await lint(file, eager)).toEqual(['2:no-restricted-imports']);
  });

  it('keeps React, axios and the browser out of machines/ and contract/', async () => {
    const code = [
      "import { useState } from 'react';",
      "import { useActor } from '@xstate/react';",
      "import axios from 'axios';",
      'export const probe = [useState, useActor, axios, window.location, document.title, localStorage];',
    ].join('\n');
    const expected = ['1:no-restricted-imports', '2:no-restricted-imports', '3:no-restricted-imports'].concat(
      Array(3).fill('4:no-restricted-globals'),
    );
    expect(await lint(fileIn('machines'), code)).toEqual(expected);
    expect(await lint(fileIn('contract'), code)).toEqual(expected);
    expect(await lint(fileIn('src'), code)).toEqual([]);
  });
});
