import { oneOf } from '../../contract/envelope';
import { companyStatisticsSchema, dashboardSchema, projectStatisticsSchema, statisticsQuery } from '../../contract/statistics';
import { defineRoutes } from '../http/route';
import { dashboardOf, projectStatisticsOf, statisticsOf } from '../services/statistics';

/**
 * Company statistics and the dashboard: the company's own people and superadmins (the company
 * scope hides it from everyone else, also from members of its projects who joined by invitation).
 */
export default defineRoutes((route, { db }) => {
  route({
    method: 'GET',
    url: '/companies/:id/statistics',
    summary: 'Yield over time and the failure Pareto',
    description: '`from`/`to` default to the last 30 days; a range is at most 400 days.',
    access: 'read',
    scope: 'company',
    query: statisticsQuery,
    response: oneOf(companyStatisticsSchema),
    handler: async ({ row: company, query }) => ({ data: await statisticsOf(db, company, query) }),
  });

  route({
    method: 'GET',
    url: '/companies/:id/statistics/projects',
    summary: 'First-pass yield per project and per batch',
    access: 'read',
    scope: 'company',
    query: statisticsQuery,
    response: oneOf(projectStatisticsSchema.array()),
    handler: async ({ row: company, query }) => ({ data: await projectStatisticsOf(db, company, query) }),
  });

  route({
    method: 'GET',
    url: '/companies/:id/dashboard',
    summary: "The company's last 7 days",
    access: 'read',
    scope: 'company',
    response: oneOf(dashboardSchema),
    handler: async ({ row: company }) => ({ data: await dashboardOf(db, company) }),
  });
});
