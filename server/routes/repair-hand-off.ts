import { oneOf } from '../../contract/envelope';
import { repairSendInput } from '../../contract/repairs';
import { acknowledgementAnswerSchema } from '../../contract/station';
import { defineRoutes } from '../http/route';
import { sendBoardToRepair } from '../services/repair-hand-off';

/** Sending a board to repair from its page (the station sends it with the operator's acknowledgement). */
export default defineRoutes((route, { db }) => {
  route({
    method: 'POST',
    url: '/devices/:id/repairs',
    summary: 'Send a board to repair, with a reason',
    description:
      "Opens the board's repair (waiting), with the failing steps of its newest failing run if it has one, and marks the " +
      'board in repair: the station stops it until the repair is done. 409 when it already waits for repair. Answers the ' +
      "board as it stands and the repair's id.",
    access: 'production.edit',
    scope: 'device',
    body: repairSendInput,
    status: 201,
    response: oneOf(acknowledgementAnswerSchema),
    handler: async ({ row, caller, body }) => ({ data: await sendBoardToRepair(db, row.id, body.reason, caller.id) }),
  });
});
