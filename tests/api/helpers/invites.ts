import type { InviteCreateInput, InviteWithToken } from '../../../contract/invites';
import type { TestApp } from './test-app';

let sequence = 0;
/** An email no account holds, unique within the run. */
export const freshEmail = (prefix = 'invitee') => `${prefix}-${++sequence}-${Math.random().toString(36).slice(2, 7)}@example.com`;

/** Invites through the real API (as an admin of the project's company unless told otherwise). */
export async function createInvite(
  t: TestApp,
  projectId: number,
  body: Partial<InviteCreateInput> = {},
  as = 'alpha-admin',
): Promise<InviteWithToken> {
  const res = await t.call('POST', `/v1/projects/${projectId}/invites`, {
    as,
    body: { email: freshEmail(), role: 'viewer', ...body },
  });
  if (res.statusCode !== 201) throw new Error(`invite: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

export const tokenUrl = (token: string) => `/v1/invites?token=${encodeURIComponent(token)}`;

export const registration = (username: string, password = 'a-long-password-1') => ({
  username,
  password,
  password_confirmation: password,
});

/** Moves an invite's expiry into the past: the test's clock, without waiting a week. */
export async function expireInvite(t: TestApp, id: number): Promise<void> {
  await t.db.updateTable('invites').set({ expires_at: new Date(Date.now() - 60_000).toISOString() }).where('id', '=', id).execute();
}
