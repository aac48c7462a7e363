import { oneOf } from '../../contract/envelope';
import { scanAnswerSchema, scanBodySchema } from '../../contract/station';
import { defineRoutes } from '../http/route';
import { scanAtJig } from '../services/station-scans';

/**
 * The station: an operator at one of the company's jigs. The jig is the path's id, the
 * enclosure's (as the jig's reports name it); another company's jig is a 404.
 */
export default defineRoutes((route, { db }) => {
  route({
    method: 'POST',
    url: '/stations/:id/scans',
    summary: 'Scan a board at a jig: whether it may be tested now, with its history in short',
    description:
      'Records the scan (operator, jig, serial, time) and answers `go` with the scan id and the board\'s attempts ' +
      "under the project's active test profile against its attempt limit, or `stop` with the reason in words " +
      '(`released`, `attempts_used_up`, `another_project`). A serial never seen is a new board with 0 attempts. ' +
      'A jig that tests no project → 409. Viewers read only → 403.',
    access: 'station.scan',
    scope: 'jig',
    body: scanBodySchema,
    status: 201,
    response: oneOf(scanAnswerSchema),
    handler: async ({ row, caller, body }) => ({ data: await scanAtJig(db, row, caller, body.serial) }),
  });
});
