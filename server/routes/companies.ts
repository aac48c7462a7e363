import { companyCreateInput, companyListQuery, companySchema, companyUpdateInput } from '../../contract/companies';
import { oneOf, pageOf } from '../../contract/envelope';
import { defineRoutes } from '../http/route';
import { addCompany, changeCompany, listCompanies, ownCompany } from '../services/companies';

export default defineRoutes((route, { db }) => {
  route({
    method: 'GET',
    url: '/companies',
    summary: 'All companies',
    description: 'With their user counts; searched by name, filtered by type.',
    access: 'platform',
    query: companyListQuery,
    response: pageOf(companySchema),
    handler: async ({ query }) => listCompanies(db, query),
  });

  route({
    method: 'POST',
    url: '/companies',
    summary: 'Create a company',
    description: 'Names are unique regardless of case.',
    access: 'platform',
    body: companyCreateInput,
    status: 201,
    response: oneOf(companySchema),
    handler: async ({ body }) => ({ data: await addCompany(db, body) }),
  });

  route({
    method: 'GET',
    url: '/company',
    summary: "The caller's own company",
    access: 'read',
    response: oneOf(companySchema),
    handler: async ({ caller }) => ({ data: await ownCompany(db, caller) }),
  });

  route({
    method: 'GET',
    url: '/companies/:id',
    summary: 'One company',
    access: 'read',
    scope: 'company',
    response: oneOf(companySchema),
    handler: async ({ row: company }) => ({ data: company }),
  });

  route({
    method: 'PATCH',
    url: '/companies/:id',
    summary: 'Rename a company or change its type',
    description: 'Only a superadmin changes the type (403 otherwise); sending it unchanged is allowed.',
    access: 'company.manage',
    scope: 'company',
    body: companyUpdateInput,
    response: oneOf(companySchema),
    handler: async ({ caller, row: company, body }) => ({ data: await changeCompany(db, caller, company, body) }),
  });
});
