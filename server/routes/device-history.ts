import { listOf } from '../../contract/envelope';
import { historyEntrySchema, MAX_HISTORY_ENTRIES } from '../../contract/repairs';
import { defineRoutes } from '../http/route';
import { deviceHistory } from '../services/device-history';

/** A board's history for its page: read by whoever reads the board. */
export default defineRoutes((route, { db }) => {
  route({
    method: 'GET',
    url: '/devices/:id/history',
    summary: "A board's history: scans, runs and repairs in order",
    description:
      `Oldest first, the newest ${MAX_HISTORY_ENTRIES.toLocaleString('en-US')} entries: its scans at the station (operator, jig, go or stop), ` +
      'its runs (result, jig, operator, whether out of policy), and each repair when sent and when done (failure code, action, parts). ' +
      'Times are when the server recorded each.',
    access: 'read',
    scope: 'device',
    response: listOf(historyEntrySchema),
    handler: async ({ row }) => ({ data: await deviceHistory(db, row.id) }),
  });
});
