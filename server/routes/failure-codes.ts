import { listOf, oneOf } from '../../contract/envelope';
import { companyChoiceQuery, failureCodeInput, failureCodeListQuery, failureCodeSchema, failureCodeUpdateInput } from '../../contract/repairs';
import { deleteRoute } from '../http/delete-route';
import { defineRoutes } from '../http/route';
import { chosenCompany } from '../services/company-choice';
import { addFailureCode, changeFailureCode, failureCode, failureCodes, removeFailureCode } from '../services/failure-codes';

/**
 * A company's failure codes (what a repair names as the fault): its people read the list, its
 * admins edit it. The list and a new code are the caller's company's, or the one a superadmin
 * names with `company_id`; another company's code is a 404.
 */
export default defineRoutes((route, { db }) => {
  route({
    method: 'GET',
    url: '/failure-codes',
    summary: "The company's failure codes",
    description:
      'By code; `archived=true` includes the archived ones. Each with `repair_count`, the repairs that name it. ' +
      'A superadmin names the company with `company_id` (anyone else naming another company → 403).',
    access: 'company.read',
    query: failureCodeListQuery,
    response: listOf(failureCodeSchema),
    handler: async ({ caller, query }) => ({
      data: await failureCodes(db, await chosenCompany(db, caller, query.company_id), query.archived === 'true'),
    }),
  });

  route({
    method: 'POST',
    url: '/failure-codes',
    summary: 'Add a failure code',
    description: 'A code is unique in the company whatever its case (a taken one → 422 on `code`).',
    access: 'company.manage',
    query: companyChoiceQuery,
    body: failureCodeInput,
    status: 201,
    response: oneOf(failureCodeSchema),
    handler: async ({ caller, query, body }) => ({ data: await addFailureCode(db, await chosenCompany(db, caller, query.company_id), body) }),
  });

  route({
    method: 'GET',
    url: '/failure-codes/:id',
    summary: 'One failure code',
    access: 'company.read',
    scope: 'failureCode',
    response: oneOf(failureCodeSchema),
    handler: async ({ row }) => ({ data: await failureCode(db, row.id) }),
  });

  route({
    method: 'PATCH',
    url: '/failure-codes/:id',
    summary: 'Change or archive a failure code',
    description: '`archived: true` stops offering it; the repairs that named it keep it. A taken code → 422 on `code`.',
    access: 'company.manage',
    scope: 'failureCode',
    body: failureCodeUpdateInput,
    response: oneOf(failureCodeSchema),
    handler: async ({ row, body }) => ({ data: await changeFailureCode(db, row, body) }),
  });

  deleteRoute(route, {
    url: '/failure-codes/:id',
    summary: 'Delete a failure code no repair names',
    refusedWhen: 'while repairs name the code (archive it instead)',
    access: 'company.manage',
    scope: 'failureCode',
    remove: (row) => removeFailureCode(db, row),
  });
});
