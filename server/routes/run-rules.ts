import { oneOf } from '../../contract/envelope';
import { RECENT_POINTS, RUN_CHART_MAX, runChartQuery, runChartSchema, violationsAnswer, violationsQuery } from '../../contract/run-chart';
import { defineRoutes } from '../http/route';
import { runChart } from '../services/run-chart';
import { recentViolations } from '../services/run-rules';

const SCOPE =
  'The scope: `from`/`to` (UTC days, inclusive), `batch_id`, `jig_id`, and `versions` (`this`, the default, or `all` versions of the profile\'s name). ' +
  'The centre line and σ are the scope\'s mean and pooled within-subgroup σ (a subgroup: one day, batch, jig and version; the overall σ when no subgroup has two values); ' +
  'the rules are the profile\'s `run_rules`.';

/** A step's run chart with its run-rule flags, and the profile's recent violations: what the process did, for anyone who may read the profile. */
export default defineRoutes((route, { db }) => {
  route({
    method: 'GET',
    url: '/testprofiles/:id/runchart',
    summary: "A step's newest measurements with the centre line, σ and the run rules each point breaks",
    description: `The newest \`limit\` (default ${RECENT_POINTS}, at most ${RUN_CHART_MAX}) measured values of \`step\` in the scope's counted runs, oldest first; each point lists the rules it breaks (the point that completes a pattern). ${SCOPE}`,
    access: 'read',
    scope: 'testProfile',
    query: runChartQuery,
    response: oneOf(runChartSchema),
    handler: async ({ row, query }) => {
      const { step, limit, ...scope } = query;
      return { data: await runChart(db, row, step, limit, scope) };
    },
  });

  route({
    method: 'GET',
    url: '/testprofiles/:id/violations',
    summary: "The run-rule violations among each step's newest values",
    description:
      `Per step with any (optionally one \`step\`), the violations among its values in the scope's newest ${RECENT_POINTS} counted runs, newest first, ` +
      `each with the run, board serial, value and rule; \`since\` keeps those at or after a time. ${SCOPE}`,
    access: 'read',
    scope: 'testProfile',
    query: violationsQuery,
    response: violationsAnswer,
    handler: async ({ row, query }) => {
      const { step, since, ...scope } = query;
      return recentViolations(db, row.id, { scope, step, since });
    },
  });
});
