import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PogoBoard, ProjectRequest, RequestFile } from '../../contract/requests';
import { parseTestPoints } from '../../contract/test-points';
import type { FileStore } from '../../server/files/file-store';
import { openFileStore } from '../../server/files/open';
import { seedDemoRequests } from '../../server/seed/demo-requests';
import { seedDemoResources } from '../../server/seed/demo-resources';
import { readAll } from './helpers/files';
import { createTestApp, type TestApp } from './helpers/test-app';

/** The demo's project requests (server/seed/demo-requests.ts), read back through the API. */
describe('demo requests', () => {
  let t: TestApp;
  let store: FileStore;
  let dataDir: string;
  let requests: ProjectRequest[];
  beforeAll(async () => {
    t = await createTestApp();
    dataDir = mkdtempSync(path.join(tmpdir(), 'jigboard-demo-requests-'));
    store = await openFileStore(t.db, dataDir, 'folder');
    await seedDemoResources(t.db);
    const started = performance.now();
    const made = await seedDemoRequests(t.db, store, { customer: t.companyIds.alpha, manufacturer: t.companyIds.beta }, t.userIds.root);
    console.log(`demo requests seeded in ${Math.round(performance.now() - started)} ms on ${process.env.TEST_DB ?? 'sqlite'}`);
    expect(made).toBe(5);
    requests = (await t.call('GET', '/v1/requests', { as: 'root' })).json().data;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const named = (name: string) => requests.find((r) => r.projectname === name)!;
  const bytesOf = async (file: RequestFile) => {
    const row = await t.db.selectFrom('request_files').select('file_id').where('id', '=', file.id).executeTakeFirstOrThrow();
    return readAll((await store.get(row.file_id))!.stream);
  };

  it('has one request at each status, newest first, and seeds nothing twice', async () => {
    expect(requests.map((r) => [r.projectname, r.status])).toEqual([
      ['BMS-16 battery monitor', 'submitted'],
      ['PX-40 power distribution board', 'in_review'],
      ['MC-300 motor controller', 'in_progress'],
      ['TH-2 smart thermostat', 'rejected'],
      ['Sensor hub SH-10', 'completed'],
    ]);
    expect(named('PX-40 power distribution board').company.id).toBe(t.companyIds.beta);
    // The list says who reviews each: nobody yet for the submitted one.
    expect(requests.map((r) => r.reviewer?.name ?? null)).toEqual([null, 'root', 'root', 'root', 'root']);
    expect(named('TH-2 smart thermostat').rejected_reason).toMatch(/Gerber files/);
    const completed = named('Sensor hub SH-10');
    expect(completed).toMatchObject({ step: 'done', project: { name: 'Sensor hub SH-10' } });
    const project = await t.db.selectFrom('projects').select('request_id').where('id', '=', completed.project!.id).executeTakeFirstOrThrow();
    expect(project.request_id).toBe(completed.id);
    expect(await seedDemoRequests(t.db, store, { customer: t.companyIds.alpha, manufacturer: t.companyIds.beta }, t.userIds.root)).toBe(0);
  });

  it('has MC-300 half processed: its CSV imported, the pogo board clean, some pads grouped', async () => {
    const mc300 = named('MC-300 motor controller');
    expect(mc300.step).toBe('padGroups');
    const { progress } = mc300;
    expect(progress).toMatchObject({ confirmed_step: 'pogoBoard', documents: 3, pogo_errors: 0, groups: 4, unmapped_groups: 4, modules: 0 });
    expect(progress.pads).toBeGreaterThan(300);
    expect(progress.ungrouped_pads).toBeGreaterThan(0);
    expect(progress.ungrouped_pads).toBeLessThan(progress.probed_pads * 0.8);

    const board: PogoBoard = (await t.call('GET', `/v1/requests/${mc300.id}/pogoboard`, { as: 'root' })).json().data;
    expect(board).toMatchObject({ blocking: false, tooling_holes: 3 });
    expect(board.counts.none).toBe(0);
    expect(new Set(board.findings.map((f) => f.rule))).toEqual(new Set(['small_probe', 'pad_small', 'no_net']));
    expect(board.groups.map((g) => g.name)).toEqual(['GND', '+3V3 rail', 'VBAT', 'I2C bus']);
    const nets = new Set(board.pads.map((p) => p.net));
    for (const net of ['GND', '+3V3', 'VBAT', 'SDA', 'SCL', 'CAN_H', 'SWDIO']) expect(nets.has(net), net).toBe(true);
    expect(new Set(board.pads.map((p) => p.side))).toEqual(new Set(['top', 'bottom']));

    const files: RequestFile[] = (await t.call('GET', `/v1/requests/${mc300.id}/files`, { as: 'root' })).json().data;
    expect(files.map((f) => f.type)).toEqual(['application/pdf', 'application/vnd.gerber', 'text/csv']);
    const csv = parseTestPoints((await bytesOf(files[2])).toString());
    expect(csv.refused).toBe(0);
    expect(csv.accepted).toHaveLength(progress.pads);
    expect((await bytesOf(files[1])).toString()).toMatch(/^G04 .*\n%FSLAX46Y46\*%[\s\S]*D03\*\nM02\*\n$/);
  });

  it('stores schematics as PDFs whose cross-reference table points at their objects', async () => {
    const files: RequestFile[] = (await t.call('GET', `/v1/requests/${named('BMS-16 battery monitor').id}/files`, { as: 'root' })).json().data;
    const pdf = (await bytesOf(files[0])).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    const xrefAt = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(xrefAt, xrefAt + 4)).toBe('xref');
    const offsets = [...pdf.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, n) => expect(pdf.slice(offset).startsWith(`${n + 1} 0 obj`)).toBe(true));
  });
});
