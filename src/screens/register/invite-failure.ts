import { INVITE_UNUSABLE_MESSAGES } from '../../../contract/invites';
import type { InviteFailure, UnusableStatus } from '../../../machines/invite.machine';
import { toApiFailure } from '../../api/client';

/** A 410 says why in the contract's own words; read the status back from them. */
function goneStatus(message: string): UnusableStatus {
  const match = (Object.keys(INVITE_UNUSABLE_MESSAGES) as UnusableStatus[]).find((s) => INVITE_UNUSABLE_MESSAGES[s] === message);
  // Someone else got there first: "already used" is the likeliest reason.
  return match ?? 'accepted';
}

/** A failed call as plain data for the machine: status, message, field errors, and why a 410. */
export function toInviteFailure(error: unknown): InviteFailure {
  const failure = toApiFailure(error);
  return {
    status: failure.status,
    message: failure.requestId ? `${failure.message} (request id ${failure.requestId})` : failure.message,
    fieldErrors: failure.fieldErrors,
    ...(failure.status === 410 ? { gone: goneStatus(failure.message) } : {}),
  };
}
