import { z } from 'zod';
import { oneOf, pageOf } from '../../contract/envelope';
import {
  testFunctionCreateInput,
  testFunctionListQuery,
  testFunctionSchema,
  testFunctionTypeSchema,
  testFunctionUpdateInput,
} from '../../contract/test-functions';
import { platformDeleteRoute } from '../http/delete-route';
import { defineRoutes } from '../http/route';
import { addTestFunction, changeTestFunction, removeTestFunction, testFunction, testFunctions, testFunctionTypes } from '../services/test-functions';

const idOf = (params: unknown) => (params as { id: number }).id;

/**
 * Test functions and their types (SPEC §7), the platform's catalogue: no company's rows, so no
 * scope; the /manage area is closed to everyone but the platform's operators (403).
 */
export default defineRoutes((route, { db }) => {
  route({
    method: 'GET',
    url: '/testfunctiontypes',
    summary: 'Test function types',
    description: 'Measurement, programming, boundary scan, functional: a fixed, short list.',
    access: 'platform',
    response: z.object({ data: z.array(testFunctionTypeSchema) }),
    handler: async () => ({ data: await testFunctionTypes(db) }),
  });

  route({
    method: 'GET',
    url: '/testfunctions',
    summary: 'Test functions',
    description: 'By name unless sorted; searched by name; `type_id` keeps one type.',
    access: 'platform',
    query: testFunctionListQuery,
    response: pageOf(testFunctionSchema),
    handler: async ({ query }) => testFunctions(db, query),
  });

  route({
    method: 'POST',
    url: '/testfunctions',
    summary: 'Create a test function',
    description: 'A name taken (in any case) or an unknown type → 422 on the field; a parameter with default low above default high → 422 on that row.',
    access: 'platform',
    body: testFunctionCreateInput,
    status: 201,
    response: oneOf(testFunctionSchema),
    handler: async ({ body }) => ({ data: await addTestFunction(db, body) }),
  });

  route({
    method: 'GET',
    url: '/testfunctions/:id',
    summary: 'One test function',
    access: 'platform',
    response: oneOf(testFunctionSchema),
    handler: async ({ request }) => ({ data: await testFunction(db, idOf(request.params)) }),
  });

  route({
    method: 'PATCH',
    url: '/testfunctions/:id',
    summary: 'Change a test function',
    description: '`parameters`, when sent, replaces the whole list.',
    access: 'platform',
    body: testFunctionUpdateInput,
    response: oneOf(testFunctionSchema),
    handler: async ({ request, body }) => ({ data: await changeTestFunction(db, idOf(request.params), body) }),
  });

  platformDeleteRoute(route, {
    url: '/testfunctions/:id',
    summary: 'Delete a test function',
    refusedWhen: 'while steps of test profiles call it',
    access: 'platform',
    remove: (id) => removeTestFunction(db, id),
  });
});
