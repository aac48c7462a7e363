import { oneOf } from '../../contract/envelope';
import { repairStatisticsQuery, repairStatisticsSchema } from '../../contract/repairs';
import { defineRoutes } from '../http/route';
import { chosenCompany } from '../services/company-choice';
import { repairStatistics } from '../services/repair-statistics';

/** The repair loop's figures: the company's own people (a superadmin names the company). */
export default defineRoutes((route, { db }) => {
  route({
    method: 'GET',
    url: '/statistics/repairs',
    summary: 'Repair figures: failure-code Pareto, repair rate, first pass after repair, time in repair, per operator',
    description:
      '`from`/`to` (UTC days) default to the last 30 days, at most 400; `project_id` and `enclosure_id` narrow every figure to a ' +
      'project or jig of the company (422 otherwise). A superadmin names the company with `company_id` (anyone else naming another → 403).',
    access: 'company.read',
    query: repairStatisticsQuery,
    response: oneOf(repairStatisticsSchema),
    handler: async ({ caller, query }) => ({ data: await repairStatistics(db, await chosenCompany(db, caller, query.company_id), query) }),
  });
});
