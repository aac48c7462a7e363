import { listOf, oneOf } from '../../contract/envelope';
import { createdServiceTokenSchema, serviceTokenCreateInput, serviceTokenSchema } from '../../contract/service-tokens';
import { defineRoutes } from '../http/route';
import { createServiceToken, listCompanyTokens, revokeServiceToken } from '../services/service-tokens';

/** A company's service tokens: its admins (and superadmins) list, create and revoke them. */
export default defineRoutes((route, { db }) => {
  route({
    method: 'GET',
    url: '/companies/:id/service-tokens',
    summary: "A company's service tokens",
    description: 'Newest first, revoked ones included; never their secrets.',
    access: 'users.manage',
    scope: 'company',
    response: listOf(serviceTokenSchema),
    handler: async ({ row: company }) => ({ data: await listCompanyTokens(db, company.id) }),
  });

  route({
    method: 'POST',
    url: '/companies/:id/service-tokens',
    summary: 'Create a service token',
    description:
      'For a script or an integration: send it as `Authorization: Bearer jbt_…` (the `serviceToken` scheme); it acts with the ' +
      'one company role given here, as its own account (`svc-…`). The answer holds `token`, the only time it is ever shown.',
    access: 'users.manage',
    scope: 'company',
    body: serviceTokenCreateInput,
    status: 201,
    response: oneOf(createdServiceTokenSchema),
    handler: async ({ caller, row: company, body }) => ({ data: await createServiceToken(db, caller, company.id, body) }),
  });

  route({
    method: 'DELETE',
    url: '/companies/:id/service-tokens/:tokenId',
    summary: 'Revoke a service token',
    description: 'Its next call answers 401. The row stays, marked revoked, so what it did keeps a name. 404 for another company’s token.',
    access: 'users.manage',
    scope: 'company',
    response: oneOf(serviceTokenSchema),
    handler: async ({ row: company, request }) => ({
      data: await revokeServiceToken(db, company.id, (request.params as { tokenId: number }).tokenId),
    }),
  });
});
