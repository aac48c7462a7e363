import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { FileStore } from '../files/file-store';
import { seedCompany, type SeedCompany } from './companies';
import { seedDemoCassettes } from './demo-cassettes';
import { seedDemoFixtures } from './demo-fixtures';
import { seedDemoEnclosureSettings } from './demo-enclosure-settings';
import { seedDemoEnclosures } from './demo-enclosures';
import { seedDemoCartridgeTypes } from './demo-cartridge-types';
import { seedDemoCartridges } from './demo-cartridges';
import { seedDemoFirmware, updateDemoJigFirmware } from './demo-firmware';
import { seedDemoHardware } from './demo-hardware';
import { seedDemoInvites } from './demo-invites';
import { seedDemoPanels } from './demo-panels';
import { seedDemoProjectBoards } from './demo-project-boards';
import { countDemoData, type DemoCounts } from './demo-counts';
import { seedDemoProduction, type DemoJig } from './demo-production';
import { seedDemoReleases } from './demo-releases';
import { seedDemoRepairs } from './demo-repairs';
import { seedDemoRequests } from './demo-requests';
import { seedDemoResources } from './demo-resources';
import { seedDemoTestFunctions } from './demo-test-functions';
import { linkDemoStepResources, seedDemoTestProfiles } from './demo-test-profiles';

export const DEFAULT_DEMO_PASSWORD = 'jigboard-demo';

/** A customer and the manufacturer that builds its boards, with one login per role to try. */
export const DEMO_COMPANIES: SeedCompany[] = [
  {
    name: 'Acme Electronics',
    type: 'customer',
    users: [
      { username: 'acme-admin', roles: ['admin'] },
      { username: 'acme-engineer', roles: ['engineer'] },
      { username: 'acme-operator', roles: ['operator'] },
      { username: 'acme-viewer', roles: ['viewer'] },
    ],
  },
  {
    name: 'Voltline Assembly',
    type: 'manufacturer',
    users: [{ username: 'voltline-admin', roles: ['admin'] }],
  },
];

export const DEMO_USERNAMES = DEMO_COMPANIES.flatMap((c) => c.users.map((u) => u.username));

/** What the demo holds (counted in the database once it is seeded), how long it took, and its jig. */
export type DemoSummary = { counts: DemoCounts; ms: number; jig: DemoJig };

/**
 * The demo companies and their users, then Acme's production (projects, batches, jigs, ~5,000
 * boards with 30 days of reports; see demo-production.ts) made by Voltline among others, and
 * the platform's firmware for the jigs, uploaded by `superadmin` (demo-firmware.ts), the hardware
 * catalogue, project requests, two release batches of MC-200 boards (demo-releases.ts), and the
 * repair loop on the worse MC-200 lot (demo-repairs.ts).
 */
export async function seedDemo(
  db: Kysely<DB>,
  password: string,
  platform: { files: FileStore; superadmin: number | null },
): Promise<DemoSummary> {
  const seeded = [];
  for (const company of DEMO_COMPANIES) seeded.push(await seedCompany(db, company, password));
  const ids = seeded.map((c) => c.id);
  const t0 = performance.now();
  const production = await seedDemoProduction(db, { customer: ids[0], manufacturer: ids[1] });
  await seedDemoInvites(db, {
    projectId: production.jig.project_id, // MC-200, Acme's first project (Voltline builds it)
    invitedBy: seeded[0].users['acme-admin'],
    manufacturerUser: seeded[1].users['voltline-admin'],
  });
  await seedDemoPanels(db);
  await seedDemoEnclosures(db, { customer: ids[0], manufacturer: ids[1] });
  await seedDemoEnclosureSettings(db, ids[0]);
  await seedDemoFirmware(db, platform.files, platform.superadmin);
  await updateDemoJigFirmware(db, ['JB-1001', 'JB-1002', 'JB-1003'], ['JB-1004']);
  await seedDemoCassettes(db, ids[0]);
  await seedDemoCartridgeTypes(db, platform.files, platform.superadmin);
  await seedDemoResources(db); // after the cartridge types' demo: it maps their connector pins
  await seedDemoCartridges(db, platform.files, platform.superadmin);
  await seedDemoTestFunctions(db);
  await seedDemoTestProfiles(db, platform.files, seeded[0].users['acme-engineer']); // after the functions: steps call them
  // After the catalogue's demo: MC-300's pad groups take its resource types.
  await seedDemoRequests(db, platform.files, { customer: ids[0], manufacturer: ids[1] }, platform.superadmin);
  await seedDemoHardware(db, platform.files, ids[0], platform.superadmin); // after the requests' and catalogue's demos
  await seedDemoProjectBoards(db, ids[0], platform.superadmin); // after the hardware: its cartridge's pins
  await linkDemoStepResources(db); // the profiles' steps name the board's pads
  await seedDemoReleases(db, {
    project: { id: production.jig.project_id, company_id: ids[0] },
    productionBatchId: production.firstBatchId,
    createdBy: seeded[0].users['acme-engineer'],
  });
  await seedDemoRepairs(db, { company: ids[0], operator: seeded[0].users['acme-operator'], technician: seeded[0].users['acme-engineer'] });
  await seedDemoFixtures(db); // last: every demo report gets its jig's fixture, every cartridge its cycles
  return { counts: await countDemoData(db), ms: Math.round(performance.now() - t0), jig: production.jig };
}
