import { listOf, oneOf, pageOf } from '../../contract/envelope';
import {
  fixturePolicyInput,
  fixturePolicySchema,
  goldenUnitInput,
  goldenUnitSchema,
  goldenUnitUpdateInput,
  goldenWindowSchema,
  heldReportListQuery,
  heldReportSchema,
  heldReportsAction,
  heldReportsActionAnswer,
  jigReadinessQuery,
  jigReadinessSchema,
} from '../../contract/readiness';
import { companyChoiceQuery } from '../../contract/repairs';
import { deleteRoute } from '../http/delete-route';
import { defineRoutes } from '../http/route';
import { chosenCompany } from '../services/company-choice';
import { changeFixturePolicy, fixturePolicy } from '../services/fixture-policy';
import { addGoldenUnit, changeGoldenUnit, changeGoldenWindow, goldenUnits, goldenWindow, removeGoldenUnit } from '../services/golden-units';
import { discardHeldReports, heldReports, releaseHeldReports } from '../services/held-reports';
import { companyReadiness } from '../services/readiness';

/**
 * Fit to test (contract/readiness.ts): the company's jigs' readiness, a project's golden units and
 * window, the company's fixture policy, and a project's held reports with their release and discard.
 */
export default defineRoutes((route, { db }) => {
  route({
    method: 'GET',
    url: '/jig-readiness',
    summary: "The company's jigs, ready to test or not, each reason in words",
    description: '`ids` (comma-separated) names the jigs (a list page); `not_ready=true` keeps only the jigs that are not ready. A superadmin names the company with `company_id`.',
    access: 'company.read',
    query: jigReadinessQuery,
    response: listOf(jigReadinessSchema),
    handler: async ({ caller, query }) => ({
      data: await companyReadiness(db, await chosenCompany(db, caller, query.company_id), query.ids?.split(',').map(Number), query.not_ready === 'true'),
    }),
  });

  route({
    method: 'GET',
    url: '/fixture-policy',
    summary: "The company's fixture policy (warn or hold)",
    access: 'company.read',
    query: companyChoiceQuery,
    response: oneOf(fixturePolicySchema),
    handler: async ({ caller, query }) => ({ data: await fixturePolicy(db, await chosenCompany(db, caller, query.company_id)) }),
  });

  route({
    method: 'PUT',
    url: '/fixture-policy',
    summary: "Set the company's fixture policy",
    description: '`hold`: runs at a jig that is not ready are stored but held, counting nowhere until an engineer releases or discards them. `warn`: they count, and the jig says it is not ready.',
    access: 'company.manage',
    query: companyChoiceQuery,
    body: fixturePolicyInput,
    response: oneOf(fixturePolicySchema),
    handler: async ({ caller, query, body }) => ({ data: await changeFixturePolicy(db, await chosenCompany(db, caller, query.company_id), body.policy) }),
  });

  route({
    method: 'GET',
    url: '/projects/:id/golden-units',
    summary: "The project's golden units",
    access: 'read',
    scope: 'project',
    response: listOf(goldenUnitSchema),
    handler: async ({ row }) => ({ data: await goldenUnits(db, row.id) }),
  });

  route({
    method: 'POST',
    url: '/projects/:id/golden-units',
    summary: 'Add a golden unit',
    description: 'A known-bad unit names the step it must fail (`fails_step`, else 422); a serial is listed once per project (422 on `serial`).',
    access: 'production.edit',
    scope: 'project',
    body: goldenUnitInput,
    status: 201,
    response: oneOf(goldenUnitSchema),
    handler: async ({ row, body }) => ({ data: await addGoldenUnit(db, row.id, body) }),
  });

  route({
    method: 'PATCH',
    url: '/golden-units/:id',
    summary: 'Change a golden unit',
    access: 'production.edit',
    scope: 'goldenUnit',
    body: goldenUnitUpdateInput,
    response: oneOf(goldenUnitSchema),
    handler: async ({ row, body }) => ({ data: await changeGoldenUnit(db, row, body) }),
  });

  deleteRoute(route, {
    url: '/golden-units/:id',
    summary: 'Remove a golden unit',
    refusedWhen: 'never (its stored runs stay, marked golden)',
    access: 'production.edit',
    scope: 'goldenUnit',
    remove: (row) => removeGoldenUnit(db, row),
  });

  route({
    method: 'GET',
    url: '/projects/:id/golden-window',
    summary: 'How recent a golden unit’s right answer on a jig must be',
    access: 'read',
    scope: 'project',
    response: oneOf(goldenWindowSchema),
    handler: async ({ row }) => ({ data: await goldenWindow(db, row.id) }),
  });

  route({
    method: 'PUT',
    url: '/projects/:id/golden-window',
    summary: 'Set the golden window (hours)',
    access: 'production.edit',
    scope: 'project',
    body: goldenWindowSchema,
    response: oneOf(goldenWindowSchema),
    handler: async ({ row, body }) => ({ data: await changeGoldenWindow(db, row.id, body.window_hours) }),
  });

  route({
    method: 'GET',
    url: '/projects/:id/held-reports',
    summary: "The project's held (or discarded) reports, oldest first",
    access: 'read',
    scope: 'project',
    query: heldReportListQuery,
    response: pageOf(heldReportSchema),
    handler: async ({ row, query }) => heldReports(db, row.id, query),
  });

  for (const action of ['release', 'discard'] as const) {
    route({
      method: 'POST',
      url: `/projects/:id/held-reports/${action}`,
      summary: action === 'release' ? 'Release held reports: they count, as if they had arrived in order' : 'Discard held reports: kept, marked discarded, never counted',
      description: 'Reports that are not held (released or discarded already, or of another project) are left alone; `changed` says how many moved.',
      access: 'production.edit',
      scope: 'project',
      body: heldReportsAction,
      response: heldReportsActionAnswer,
      handler: async ({ row, body }) => ({
        data: { changed: action === 'release' ? await releaseHeldReports(db, row.id, body.report_ids) : await discardHeldReports(db, row.id, body.report_ids) },
      }),
    });
  }
});

