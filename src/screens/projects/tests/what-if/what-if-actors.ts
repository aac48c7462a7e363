import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { LimitProposal, LimitWhatIfAnswer } from '../../../../../contract/limit-what-if';
import { limitWhatIfMachine, type PublishDetails, type WhatIfProposal } from '../../../../../machines/limit-what-if.machine';
import { publishLimitProposal, replayLimits } from '../../../../api/limit-what-if';
import { testProfileChanged } from '../../../../api/test-profiles';

/** The what-if machine with its calls; a published draft refreshes the project's profile lists. */
export function limitWhatIfLogic(client: QueryClient, projectId: number) {
  return limitWhatIfMachine.provide({
    actors: {
      replayLimits: fromPromise<LimitWhatIfAnswer, { profileId: number; proposal: WhatIfProposal }>(({ input, signal }) =>
        replayLimits(input.profileId, input.proposal, signal),
      ),
      publishProposal: fromPromise<LimitProposal, { profileId: number; proposal: WhatIfProposal; details: PublishDetails }>(async ({ input }) => {
        const published = await publishLimitProposal(input.profileId, { ...input.proposal, ...input.details });
        if (published.draft_profile_id !== null) await testProfileChanged(client, { id: published.draft_profile_id, project_id: projectId });
        return published;
      }),
    },
  });
}
