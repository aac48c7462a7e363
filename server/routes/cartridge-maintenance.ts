import { oneOf, pageOf } from '../../contract/envelope';
import { maintenanceInput, maintenanceListQuery, maintenanceRecordedSchema, maintenanceSchema } from '../../contract/fixtures';
import { defineRoutes } from '../http/route';
import { maintenanceOf, recordMaintenance } from '../services/cartridge-maintenance';

/**
 * A cartridge's maintenance (beyond SPEC, docs/api.md): its history, and recording a cleaning or
 * a probe change, which resets the cycles since (contract/fixtures.ts). Scoped to the company
 * whose cassette holds the cartridge: its people keep it; another company's cartridge is a 404.
 */
export default defineRoutes((route, { db }) => {
  route({
    method: 'GET',
    url: '/cartridges/:id/maintenance',
    summary: "A cartridge's maintenance",
    description: 'Newest first unless sorted; searched over notes.',
    access: 'read',
    scope: 'cartridge',
    query: maintenanceListQuery,
    response: pageOf(maintenanceSchema),
    handler: async ({ row, query }) => maintenanceOf(db, row.id, query),
  });

  route({
    method: 'POST',
    url: '/cartridges/:id/maintenance',
    summary: "Record a cartridge's maintenance",
    description:
      '`kind`: `cleaned` resets the cycles since cleaning; `probes_replaced` resets the probe life used and the ' +
      'cycles since cleaning. The contact cycles themselves keep counting. Answers the record and the cycles after it.',
    access: 'cartridge.maintain',
    scope: 'cartridge',
    body: maintenanceInput,
    status: 201,
    response: oneOf(maintenanceRecordedSchema),
    handler: async ({ row, body, caller }) => ({ data: await recordMaintenance(db, caller!, row.id, body) }),
  });
});
