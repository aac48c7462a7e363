/**
 * `npm run paths`: the path coverage of the model tests. For every machine in machines/*.machine.ts:
 * its states and transitions (from the definition), which ones the model tests walked (recorded
 * by tests/model/harness when they ran, in coverage/paths/raw/), and which are missing.
 * Writes coverage/paths/report.json and report.html (each machine drawn, what was not walked in
 * red), prints a table, and exits non-zero below 100%.
 *
 * A recording that is missing or older than its machine's file is made again first, by running
 * the model tests (`--no-run` only reports). A machine without model tests counts as not walked.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import { machineDefinition, type MachineDefinition } from '../harness/definition';
import { readRecording, ROOT, type Recording } from '../harness/recording';
import { drawMachine } from './report-html';

const OUT = path.join(ROOT, 'coverage', 'paths');
const MACHINES = path.join(ROOT, 'machines');

type Found = { machine: AnyStateMachine; file: string };

export type MachineReport = {
  id: string;
  states: { total: number; covered: number };
  transitions: { total: number; covered: number };
  uncovered: string[];
};

const isMachine = (value: unknown): value is AnyStateMachine =>
  !!value && typeof value === 'object' && 'root' in value && 'implementations' in value && 'provide' in value;

async function findMachines(): Promise<Found[]> {
  const found: Found[] = [];
  for (const name of readdirSync(MACHINES).filter((f) => f.endsWith('.machine.ts')).sort()) {
    const file = path.join(MACHINES, name);
    const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const value of new Set(Object.values(mod))) if (isMachine(value)) found.push({ machine: value, file });
  }
  return found;
}

/** Missing, or made before the machine last changed: it may count transitions that are gone. */
function staleness(id: string, file: string): string | null {
  const recording = readRecording(id);
  if (!recording) return 'no recording';
  if (Date.parse(recording.recordedAt) < statSync(file).mtimeMs) return `recorded before ${path.relative(ROOT, file)} changed`;
  return null;
}

function report(definition: MachineDefinition, recording: Recording | null): MachineReport {
  const states = new Set(recording?.states);
  const transitions = new Set(recording?.transitions);
  const missingStates = definition.states.filter((s) => !states.has(s.id));
  const missingTransitions = definition.transitions.filter((t) => !transitions.has(t.key));
  return {
    id: definition.id,
    states: { total: definition.states.length, covered: definition.states.length - missingStates.length },
    transitions: { total: definition.transitions.length, covered: definition.transitions.length - missingTransitions.length },
    uncovered: [
      ...missingStates.map((s) => `state ${s.id}`),
      ...missingTransitions.map((t) => `transition ${t.key}${t.guard ? ` [${t.guard}]` : ''}`),
    ],
  };
}

const pct = (n: { total: number; covered: number }) => (n.total ? (100 * n.covered) / n.total : 100);

function printTable(rows: MachineReport[], notes: Map<string, string>) {
  const header = ['machine', 'states', 'transitions', 'coverage'];
  const cells = rows.map((r) => [
    r.id,
    `${r.states.covered}/${r.states.total}`,
    `${r.transitions.covered}/${r.transitions.total}`,
    `${Math.floor(Math.min(pct(r.states), pct(r.transitions)))}%${notes.has(r.id) ? ` (${notes.get(r.id)})` : ''}`,
  ]);
  const widths = header.map((h, c) => Math.max(h.length, ...cells.map((row) => row[c].length)));
  const line = (row: string[]) => row.map((cell, c) => (c === 0 || c === 3 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '─'.repeat(w)).join('  '));
  for (const row of cells) console.log(line(row));
  for (const r of rows) for (const u of r.uncovered) console.log(`  ${r.id}: not walked: ${u}`);
}

async function main() {
  const found = await findMachines();
  const stale = found.map(({ machine, file }) => [machine.id, staleness(machine.id, file)] as const).filter(([, why]) => why);
  if (stale.length && !process.argv.includes('--no-run')) {
    console.log(`${stale.map(([id, why]) => `${id}: ${why}`).join('; ')}: running the model tests first.`);
    spawnSync(path.join(ROOT, 'node_modules', '.bin', 'vitest'), ['run', '--project', 'unit', 'tests/model'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }

  const notes = new Map<string, string>();
  const rows: MachineReport[] = [];
  const drawings: string[] = [];
  for (const { machine, file } of found) {
    const definition = machineDefinition(machine);
    const recording = readRecording(machine.id);
    const why = staleness(machine.id, file);
    if (why) notes.set(machine.id, why);
    const row = report(definition, recording);
    rows.push(row);
    drawings.push(drawMachine(definition, recording, row, path.relative(ROOT, file)));
  }

  mkdirSync(OUT, { recursive: true });
  writeFileSync(path.join(OUT, 'report.json'), `${JSON.stringify({ machines: rows }, null, 2)}\n`);
  writeFileSync(
    path.join(OUT, 'report.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Path coverage</title><style>
body{font:14px system-ui,sans-serif;margin:24px;color:#111}h2{margin-top:32px}table{border-collapse:collapse}
td,th{border:1px solid #ddd;padding:2px 8px;text-align:left;font-size:12px}.miss{color:#b91c1c;font-weight:600}
svg{border:1px solid #eee;background:#fcfcfc}</style></head><body><h1>Path coverage of the model tests</h1>
<p>Walked: recorded when the model tests ran (tests/model/harness). Red: a state or transition of the machine no test walked.</p>
${drawings.join('\n')}</body></html>\n`,
  );

  printTable(rows, notes);
  console.log(`\nreport: ${path.relative(ROOT, path.join(OUT, 'report.json'))}, ${path.relative(ROOT, path.join(OUT, 'report.html'))}`);
  const complete = rows.every((r) => r.uncovered.length === 0) && notes.size === 0;
  if (notes.size) console.error('a recording is missing or stale: run the model tests (npx vitest run --project unit tests/model) or `npm run paths` without --no-run');
  if (!complete) console.error('path coverage below 100%');
  process.exitCode = complete ? 0 : 1;
}

void main();
