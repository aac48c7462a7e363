import { z } from 'zod';
import { oneOf } from '../../contract/envelope';
import {
  limitProposalInput,
  limitProposalSchema,
  limitWhatIfAnswer,
  limitWhatIfInput,
  WHAT_IF_DEFAULT_DAYS,
  WHAT_IF_FLIPS_SHOWN,
  WHAT_IF_RUN_CAP,
} from '../../contract/limit-what-if';
import { defineRoutes } from '../http/route';
import { limitProposalOfDraft, limitWhatIf, publishLimitProposal } from '../services/limit-what-if';

const REPLAY =
  `Every counted run of the scope (held and golden runs count nowhere) is judged again: a proposed step with a numeric value passes iff low ≤ value ≤ high ` +
  `(a null limit is open), one without a value keeps its recorded pass, other steps keep theirs; an error run stays an error; a run with a step whose verdict changed passes iff all its steps pass. ` +
  `Scope: \`from\`/\`to\` (YYYY-MM-DD, inclusive; default the last ${WHAT_IF_DEFAULT_DAYS} days up to \`to\`, today unless given), \`batch_id\`, \`jig_id\`, \`versions\` (\`this\` or \`all\` of the profile's name). ` +
  `At most the newest ${WHAT_IF_RUN_CAP.toLocaleString('en')} runs are replayed (\`truncated\` says when there were more). ` +
  `A step name the profile does not have → 422 on \`limits.<i>.step\`; low above high → 422 on \`limits.<i>.high\`.`;

/**
 * Limit what-if: the profile's editors (engineers and admins of its project's company) try new
 * limits against history and publish them as a new draft; its members read why a draft was made.
 * Scoped through the profile's project, so another company's profile is a 404.
 */
export default defineRoutes((route, { db }) => {
  route({
    method: 'POST',
    url: '/testprofiles/:id/what-if',
    summary: 'Replay a history of the profile against proposed limits',
    description: `Writes nothing. Answers projected first-pass yield, escapes (fail → pass) and new fails (pass → fail) over first runs and all runs, per step the runs that change, and the newest ${WHAT_IF_FLIPS_SHOWN} flipping runs with the total. ${REPLAY}`,
    access: 'production.edit',
    scope: 'testProfile',
    body: limitWhatIfInput,
    response: oneOf(limitWhatIfAnswer),
    handler: async ({ row, body }) => ({ data: await limitWhatIf(db, row, body) }),
  });

  route({
    method: 'POST',
    url: '/testprofiles/:id/limit-proposals',
    summary: 'Publish proposed limits as a new draft version of the profile',
    description:
      'Replays the proposal (as `what-if`), then creates a draft copying this profile (steps, variables, files, as a new version does) with the proposed limits, ' +
      'and keeps the reason, the old and new limits and the replay\'s summary beside it (`GET /testprofiles/{draft id}/limit-proposal`). ' +
      `\`reason\` is required (at most 500 characters); a \`version\` the profile's name has → 422 on \`version\`. ${REPLAY}`,
    access: 'production.edit',
    scope: 'testProfile',
    body: limitProposalInput,
    status: 201,
    response: oneOf(limitProposalSchema),
    handler: async ({ row, caller, body }) => ({ data: await publishLimitProposal(db, row, caller, body) }),
  });

  route({
    method: 'GET',
    url: '/testprofiles/:id/limit-proposal',
    summary: 'Why this draft was made: the limit proposal that published it',
    description: 'The reason, the changed limits (old and new) and the replay\'s summary; `data: null` when the profile was not made from a proposal.',
    access: 'read',
    scope: 'testProfile',
    response: z.object({ data: limitProposalSchema.nullable() }),
    handler: async ({ row }) => ({ data: await limitProposalOfDraft(db, row.id) }),
  });
});
