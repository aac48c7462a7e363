import { AxiosError, AxiosHeaders } from 'axios';
import { describe, expect, it } from 'vitest';
import { INVITE_UNUSABLE_MESSAGES } from '../../../contract/invites';
import { NETWORK_MESSAGE } from '../../api/client';
import { toInviteFailure } from './invite-failure';

function answered(status: number, body: unknown): AxiosError {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError('failed', 'ERR_BAD_REQUEST', config, {}, { status, statusText: '', data: body, headers: {}, config });
}

describe('toInviteFailure', () => {
  it.each(['accepted', 'revoked', 'expired'] as const)('reads a 410 about a link that is %s back as that status', (status) => {
    expect(toInviteFailure(answered(410, { message: INVITE_UNUSABLE_MESSAGES[status] }))).toEqual({
      status: 410,
      message: INVITE_UNUSABLE_MESSAGES[status],
      fieldErrors: {},
      gone: status,
    });
  });

  it('takes a 410 in other words as used: someone got there first', () => {
    expect(toInviteFailure(answered(410, { message: 'Gone.' })).gone).toBe('accepted');
  });

  it('keeps the 422 field errors and marks nothing as gone', () => {
    const failure = toInviteFailure(answered(422, { message: 'Invalid', errors: { username: ['Taken.'] } }));
    expect(failure).toEqual({ status: 422, message: 'Invalid', fieldErrors: { username: ['Taken.'] } });
  });

  it('says a dropped connection in the app’s words', () => {
    const config = { headers: new AxiosHeaders() };
    expect(toInviteFailure(new AxiosError('Network Error', 'ERR_NETWORK', config, {}))).toEqual({
      status: 0,
      message: NETWORK_MESSAGE,
      fieldErrors: {},
    });
  });
});
