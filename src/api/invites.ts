import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { One, Page } from '../../contract/envelope';
import type {
  Invite,
  InviteAcceptResult,
  InviteCreateInput,
  InvitePreview,
  InviteRegisterInput,
  InviteRegisterResult,
  InviteStatus,
  InviteSent,
  InviteUpdateInput,
} from '../../contract/invites';
import type { ListParams } from '../../contract/list-query';
import { api } from './client';
import { toQuery } from './list-params';

export type InviteListParams = ListParams & { status?: InviteStatus };

export const inviteKeys = {
  all: ['invites'] as const,
  /** Everything of one project's invitations: every page and filter of its list. */
  project: (projectId: number) => ['invites', projectId] as const,
  list: (projectId: number, params: InviteListParams) => ['invites', projectId, params] as const,
};

/** `GET /projects/{id}/invites`. */
export const projectInvitesOptions = (projectId: number, params: InviteListParams) =>
  queryOptions({
    queryKey: inviteKeys.list(projectId, params),
    queryFn: ({ signal }) =>
      api
        .get<Page<Invite>>(`/projects/${projectId}/invites`, {
          params: { ...toQuery(params), ...(params.status ? { status: params.status } : {}) },
          signal,
        })
        .then((r) => r.data),
    enabled: projectId > 0,
  });

/** `POST /projects/{id}/invites`: emailed, or (no mail server) the link's token, this once. */
export async function createInvite(projectId: number, input: InviteCreateInput): Promise<InviteSent> {
  const { data } = await api.post<One<InviteSent>>(`/projects/${projectId}/invites`, input);
  return data.data;
}

/** `PATCH /invites/{id}`: a resend answers as creating does, a revoke the invite as it is now. */
export async function updateInvite(id: number, action: InviteUpdateInput['action']): Promise<Invite | InviteSent> {
  const { data } = await api.patch<One<Invite | InviteSent>>(`/invites/${id}`, { action });
  return data.data;
}

export function invitesChanged(client: QueryClient, projectId: number): Promise<void> {
  return client.invalidateQueries({ queryKey: inviteKeys.project(projectId) });
}

/** `GET /invites?token=…` (public): what the link is for, or why it cannot be used. */
export async function fetchInvitePreview(token: string, signal?: AbortSignal): Promise<InvitePreview> {
  const { data } = await api.get<One<InvitePreview>>('/invites', { params: { token }, signal });
  return data.data;
}

/** `POST /invites?token=…` with a body: a new account, logged in at once. */
export async function registerByInvite(token: string, input: InviteRegisterInput): Promise<InviteRegisterResult> {
  const { data } = await api.post<One<InviteRegisterResult>>('/invites', input, { params: { token } });
  return data.data;
}

/** `POST /invites?token=…` without a body: the signed-in user accepts. */
export async function acceptInvite(token: string): Promise<InviteAcceptResult> {
  const { data } = await api.post<One<InviteAcceptResult>>('/invites', undefined, { params: { token } });
  return data.data;
}
