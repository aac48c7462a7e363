import { queryOptions } from '@tanstack/react-query';
import type { One } from '../../contract/envelope';
import type { LimitProposal, LimitProposalInput, LimitWhatIfAnswer, LimitWhatIfInput } from '../../contract/limit-what-if';
import { api } from './client';
import { testProfileKeys } from './test-profiles';

/** Limit what-if: replays (no writes), publishing a proposal as a draft, and why a draft was made. */
export const limitProposalKey = (profileId: number) => [...testProfileKeys.profile(profileId), 'limit-proposal'] as const;

/** `GET /testprofiles/{id}/limit-proposal`: the proposal that made this draft, or null. */
export const limitProposalOptions = (profileId: number) =>
  queryOptions({
    queryKey: limitProposalKey(profileId),
    queryFn: ({ signal }) => api.get<{ data: LimitProposal | null }>(`/testprofiles/${profileId}/limit-proposal`, { signal }).then((r) => r.data.data),
    enabled: profileId > 0,
  });

export async function replayLimits(profileId: number, input: LimitWhatIfInput, signal?: AbortSignal): Promise<LimitWhatIfAnswer> {
  return (await api.post<One<LimitWhatIfAnswer>>(`/testprofiles/${profileId}/what-if`, input, { signal })).data.data;
}

export async function publishLimitProposal(profileId: number, input: LimitProposalInput): Promise<LimitProposal> {
  return (await api.post<One<LimitProposal>>(`/testprofiles/${profileId}/limit-proposals`, input)).data.data;
}
