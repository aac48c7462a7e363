import { cartridgeHealthQuery, cartridgeHealthSchema } from '../../contract/cartridge-health';
import { oneOf } from '../../contract/envelope';
import { defineRoutes } from '../http/route';
import { cartridgeHealth } from '../services/cartridge-health';

/**
 * One cartridge's fixture health: the company's own people, as fixture health; scoped to the
 * company whose cassette holds the cartridge (another company's, or one on the shelf, is a 404).
 */
export default defineRoutes((route, { db }) => {
  route({
    method: 'GET',
    url: '/cartridges/:id/health',
    summary: "A cartridge's fixture health: its false fails, failing steps and false fails over its contact cycles",
    description:
      'The cartridge (with its cycles and calibration) and the jig its cassette is in; over `from`/`to` (UTC days, the last 30 ' +
      'by default, at most 400) the runs of every fixture that held it, their fails and false fails (a fail whose board passed ' +
      'its next run with no repair between) and the steps that failed; and over its whole life its runs, fails and false fails ' +
      'per bucket of contact cycles (a tenth of its rated probe life, the newest 10 buckets).',
    access: 'company.read',
    scope: 'cartridge',
    query: cartridgeHealthQuery,
    response: oneOf(cartridgeHealthSchema),
    handler: async ({ row, query }) => ({ data: await cartridgeHealth(db, row.company_id ?? -1, row.id, query) }),
  });
});
