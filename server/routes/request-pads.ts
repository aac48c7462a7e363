import { listOf, oneOf } from '../../contract/envelope';
import { MAX_PADS_PER_REQUEST, pogoBoardSchema, testPadSchema, testPadsInput } from '../../contract/requests';
import { platformDeleteRoute } from '../http/delete-route';
import { defineRoutes, idOf } from '../http/route';
import { addTestPads, pogoBoard, removeTestPad, testPads } from '../services/request-pads';

/**
 * A whole import of MAX_PADS_PER_REQUEST pads with long names and nets is a few MB of JSON: this
 * route alone takes more than the API's 1 MB.
 */
const PADS_BODY_LIMIT = 16 * 1024 * 1024;

/** A request's test pads and pogo board (SPEC §7 "Requests"): superadmin only. */
export default defineRoutes((route, { db }) => {
  route({
    method: 'GET',
    url: '/requests/:id/testpads',
    summary: "A request's test pads",
    description: 'Every pad, by name as people read them (TP2 before TP10), each with the probe the pogo board gives it.',
    access: 'platform',
    response: listOf(testPadSchema),
    handler: async ({ request }) => ({ data: await testPads(db, idOf(request.params)) }),
  });

  route({
    method: 'POST',
    url: '/requests/:id/testpads',
    summary: 'Add test pads to a request, or import them all',
    description:
      `One pad or a whole test-point import (at most ${MAX_PADS_PER_REQUEST.toLocaleString('en')}), saved together or not at all. ` +
      'One 422 names every reason of every row: a wrong value on `pads.<n>.<field>`, a name repeated in the list or on the request ' +
      'on `pads.<n>.name`; `replace: true` first removes the request’s pads ' +
      '(which empties their groups). Answers the new pads with their probes. A completed or rejected request → 409.',
    access: 'platform',
    body: testPadsInput,
    // Read by the service, so one 422 has every row's field errors and name clashes together.
    parseBodyInHandler: true,
    bodyLimit: PADS_BODY_LIMIT,
    status: 201,
    response: listOf(testPadSchema),
    handler: async ({ request }) => ({ data: await addTestPads(db, idOf(request.params), request.body) }),
  });

  platformDeleteRoute(route, {
    url: '/testpads/:id',
    summary: 'Delete a test pad',
    refusedWhen: 'when its request is completed or rejected',
    access: 'platform',
    remove: (id) => removeTestPad(db, id),
  });

  route({
    method: 'GET',
    url: '/requests/:id/pogoboard',
    summary: "A request's pogo board",
    description:
      'Every pad with its probe, the pad groups, the probe count per size, the tooling holes, and the design-for-test findings ' +
      '(errors first); `blocking` while there is an error.',
    access: 'platform',
    response: oneOf(pogoBoardSchema),
    handler: async ({ request }) => ({ data: await pogoBoard(db, idOf(request.params)) }),
  });
});
