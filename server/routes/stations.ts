import { listOf, oneOf } from '../../contract/envelope';
import { isSuperadmin } from '../../contract/permissions';
import { stationJigSchema, stationListQuery, stationReportSchema, stationSchema } from '../../contract/station';
import { notFound } from '../http/errors';
import { defineRoutes } from '../http/route';
import { stationJigs, stationOf, stationReport } from '../services/stations';

/**
 * What the station screen reads: the company's jigs to stand at, the jig's state and fitness,
 * and a run of the jig. The company's people read a jig (a viewer may look, not scan); another
 * company's jig is a 404.
 */
export default defineRoutes((route, { db }) => {
  route({
    method: 'GET',
    url: '/stations',
    summary: "The company's jigs a station can stand at",
    description:
      "The caller's company's jigs by name, with the project each tests and when it was last heard from. A superadmin " +
      "names the company with `company_id`; anyone else naming another company's → 404.",
    // The caller's own company's jigs: whoever is logged in reads their own (a superadmin any company's).
    access: 'read',
    query: stationListQuery,
    response: listOf(stationJigSchema),
    handler: async ({ caller, query }) => {
      const companyId = query.company_id ?? caller.company_id;
      if (companyId !== caller.company_id && !isSuperadmin(caller)) throw notFound();
      return { data: await stationJigs(db, companyId) };
    },
  });

  route({
    method: 'GET',
    url: '/stations/:id',
    summary: 'The station at a jig: its project, open batch, active profile, fitness and last run',
    description:
      'Fitness problems, each in words: `no_project`, `no_active_profile`, `cassette_mismatch` (the cassette in the jig does not ' +
      "hold what the project's configuration asks for, or there is none), `calibration_overdue` (a cartridge in the jig's " +
      'cassette), `cycle_limits` (a cartridge in the jig\'s cassette past its rated probe life or cleaning interval), `offline` (not heard from in 10 minutes).',
    access: 'company.read',
    scope: 'jig',
    response: oneOf(stationSchema),
    handler: async ({ row }) => ({ data: await stationOf(db, row) }),
  });

  route({
    method: 'GET',
    url: '/stations/:id/reports/:report_id',
    summary: "A run of the jig as the station shows it: PASS, or FAIL with its failing steps",
    description: 'A report of another jig → 404.',
    access: 'company.read',
    scope: 'jig',
    response: oneOf(stationReportSchema),
    handler: async ({ row, request }) => ({ data: await stationReport(db, row, (request.params as { report_id: number }).report_id) }),
  });
});

