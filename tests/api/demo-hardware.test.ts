import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFileStore } from '../../server/files/open';
import { seedDemoCartridgeTypes } from '../../server/seed/demo-cartridge-types';
import { seedDemoCartridges } from '../../server/seed/demo-cartridges';
import { seedDemoCassettes } from '../../server/seed/demo-cassettes';
import { LC8, seedDemoHardware } from '../../server/seed/demo-hardware';
import { seedDemoRequests } from '../../server/seed/demo-requests';
import { seedDemoResources } from '../../server/seed/demo-resources';
import { createTestApp, type TestApp } from './helpers/test-app';

/** The demo's request-made project (server/seed/demo-hardware.ts): made through the request service, its hardware as chosen. */
describe('demo hardware', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    t = await createTestApp();
    dataDir = mkdtempSync(path.join(tmpdir(), 'jigboard-demo-hardware-'));
    const store = await openFileStore(t.db, dataDir, 'folder');
    await seedDemoCassettes(t.db, t.companyIds.alpha);
    await seedDemoCartridgeTypes(t.db, store, t.userIds.root);
    await seedDemoResources(t.db);
    await seedDemoCartridges(t.db, store, t.userIds.root);
    await seedDemoRequests(t.db, store, { customer: t.companyIds.alpha, manufacturer: t.companyIds.beta }, t.userIds.root);
    await seedDemoHardware(t.db, store, t.companyIds.alpha, null);
    await seedDemoHardware(t.db, store, t.companyIds.alpha, null); // a second start adds nothing
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('completes the LC-8 request into a project whose hardware is what the request chose', async () => {
    const request = await t.db.selectFrom('project_requests').select(['status', 'project_id']).where('projectname', '=', LC8).executeTakeFirstOrThrow();
    expect(request.status).toBe('completed');
    const project = request.project_id!;
    const config = (await t.call('GET', `/v1/projects/${project}/cassetteconfiguration`, { as: 'alpha-viewer' })).json().data;
    expect(config.modules.map((m: { module_type: { name: string } }) => m.module_type.name)).toEqual(['DMM-6.5', 'PSU-2x30V']);
    expect(config.cartridges).toHaveLength(1);
    const resources = (await t.call('GET', `/v1/projects/${project}/testresources`, { as: 'alpha-viewer' })).json();
    const groups = await t.db.selectFrom('test_pad_groups as g').innerJoin('project_requests as r', 'r.id', 'g.request_id').select('g.id').where('r.projectname', '=', LC8).execute();
    expect(groups.length).toBeGreaterThan(0);
    expect(resources.meta.total).toBe(groups.length);
    expect(resources.data.every((r: { test_pad_group_id: number | null }) => r.test_pad_group_id !== null)).toBe(true);
    const cassettes = (await t.call('GET', `/v1/projects/${project}/cassettes`, { as: 'alpha-viewer' })).json().data;
    // Its cassette holds the configured modules by slot and the configured cartridge type in bay 1.
    expect(config.cartridges).toEqual([expect.objectContaining({ bay: 1, cartridge_type: expect.objectContaining({ name: 'HD-80 High-density cartridge' }) })]);
    expect(cassettes).toEqual([expect.objectContaining({ serial: 'CAS-ACME-001', matches: true, mismatched_slots: [], mismatched_bays: [] })]);
  });
});
