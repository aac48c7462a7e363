import { oneOf } from '../../contract/envelope';
import { padHealthQuery, padHealthSchema } from '../../contract/pad-health';
import { defineRoutes } from '../http/route';
import { padHealth } from '../services/pad-health';

/** Where on the board a project fails: the company's own people, as the other statistics. */
export default defineRoutes((route, { db }) => {
  route({
    method: 'GET',
    url: '/projects/:id/pad-health',
    summary: 'Fail rate and false-fail rate of each pad group and step of the project’s board, with the boards that failed there',
    description:
      'Each pad group’s failed runs and false fails (a failing run whose board passed its next run with no repair between) come from the ' +
      'steps that measure it: a run’s failing steps by name, in the profile version the run named (or, where that version names no pads for ' +
      'the step, any of the project’s profiles). Rates are over the project’s runs at the filter. `from`/`to` (UTC days) default to the last ' +
      '30 days, at most 400; `enclosure_id` keeps one jig’s runs, `cartridge_id` the runs whose fixture held that cartridge (422 for a jig or ' +
      'cartridge not the company’s). Each group lists its newest failing boards (at most 10). `jigs` and `cartridges` are the filters’ choices.',
    access: 'company.read',
    scope: 'project',
    query: padHealthQuery,
    response: oneOf(padHealthSchema),
    handler: async ({ row, query }) => ({ data: await padHealth(db, row, query) }),
  });
});
