import { oneOf } from '../../contract/envelope';
import { fixtureHealthQuery, fixtureHealthSchema } from '../../contract/fixture-health';
import { defineRoutes } from '../http/route';
import { chosenCompany } from '../services/company-choice';
import { fixtureHealth } from '../services/fixture-health';

/** Fixture health: the company's own people (a superadmin names the company), as the repair figures. */
export default defineRoutes((route, { db }) => {
  route({
    method: 'GET',
    url: '/statistics/fixture-health',
    summary: 'Fixture health: false fails per jig, per step and over time, and first-pass yield, pass rate and Cpk split by jig',
    description:
      'A false fail is a failing run whose board passed its next run with no repair sent or completed between. ' +
      '`from`/`to` (UTC days) default to the last 30 days, at most 400; `project_id` and `enclosure_id` narrow every figure to a ' +
      'project or jig of the company (422 otherwise); with `enclosure_id` the step rows carry the jig\'s Cpk. `bucket` (day, week) ' +
      'sets the trend\'s points. A superadmin names the company with `company_id` (anyone else naming another → 403).',
    access: 'company.read',
    query: fixtureHealthQuery,
    response: oneOf(fixtureHealthSchema),
    handler: async ({ caller, query }) => ({ data: await fixtureHealth(db, await chosenCompany(db, caller, query.company_id), query) }),
  });
});
