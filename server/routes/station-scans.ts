import { oneOf } from '../../contract/envelope';
import { acknowledgementAnswerSchema, acknowledgementSchema, scanAnswerSchema, scanBodySchema } from '../../contract/station';
import { defineRoutes } from '../http/route';
import { acknowledgeScanRun, scanAtJig } from '../services/station-scans';

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
      "Records the scan (operator, jig, serial, time) and answers `go` with the scan id and the board's attempts " +
      "since its last completed repair against the active test profile's attempt limit, or `stop` with the reason in words, " +
      'checked in this order: `another_project`, `released`, `scrapped`, `in_repair`, `attempts_used_up`. Attempts are the ' +
      "board's runs since its last repair whatever profile version ran them: a repair, not a new version, gives fresh attempts. " +
      'A serial never seen is a new board with 0 attempts. When the jig reported this board within the last ' +
      '2 minutes and no scan led to that run yet, the scan leads to it: its operator is recorded on the run, the board is judged ' +
      'as before it, and `go` carries it as `report`. A jig that tests no project → 409. Viewers read only → 403.',
    access: 'station.scan',
    scope: 'jig',
    body: scanBodySchema,
    status: 201,
    response: oneOf(scanAnswerSchema),
    handler: async ({ row, caller, body }) => ({ data: await scanAtJig(db, row, caller, body.serial) }),
  });

  route({
    method: 'POST',
    url: '/stations/:id/scans/:scan_id/acknowledge',
    summary: "The operator's choice after the scan's run failed: retest, or send the board to repair",
    description:
      'Only for a scan whose run failed (fail or error) and was not acknowledged yet, else 409. `retest` → 409 once the ' +
      'board has used up its attempts of this repair cycle (it goes to repair) or waits for repair. `repair` (with a reason) ' +
      "opens the board's repair, waiting, with the run's failing steps, and marks the board in repair; 409 when it already " +
      "waits for one. Answers the board as it stands and the repair's id. A scan of another jig → 404.",
    access: 'station.scan',
    scope: 'jig',
    body: acknowledgementSchema,
    response: oneOf(acknowledgementAnswerSchema),
    handler: async ({ row, caller, body, request }) => ({
      data: await acknowledgeScanRun(db, row, caller, (request.params as { scan_id: number }).scan_id, body),
    }),
  });
});
