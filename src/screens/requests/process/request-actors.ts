import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { ProjectRequest, RequestStep, TestPadGroup } from '../../../../contract/requests';
import type { GroupChange, PadGroupsData } from '../../../../machines/pad-groups.machine';
import { padGroupsMachine } from '../../../../machines/pad-groups.machine';
import { requestMachine, type ProjectDraft } from '../../../../machines/request.machine';
import { createPadGroup, createProjectFromRequest, deletePadGroup, padGroupsOptions, requestHardwareChanged, updatePadGroup } from '../../../api/request-hardware';
import { requestChanged, requestKeys, requestOptions, startRequestReview, testPadsOptions, updateRequest } from '../../../api/requests';

/**
 * The request machine and its pad-groups child with their calls: the API functions of
 * src/api/requests.ts and request-hardware.ts. Every answer that changes the request goes into
 * the query cache, so the step panels (which read the same queries) and the lists agree with
 * what the machine decides from.
 */
export function requestLogic(client: QueryClient) {
  const fresh = (requestId: number) => client.fetchQuery({ ...requestOptions(requestId), staleTime: 0 });
  const answered = (request: ProjectRequest) => {
    client.setQueryData(requestKeys.detail(request.id), request);
    void client.invalidateQueries({ queryKey: requestKeys.lists() });
    return request;
  };
  const patch = (requestId: number, input: Parameters<typeof updateRequest>[1]) => updateRequest(requestId, input).then(answered);

  const saveGroup = async (requestId: number, change: GroupChange): Promise<TestPadGroup | null> => {
    const saved = await (async () => {
      switch (change.action) {
        case 'create':
          return createPadGroup(requestId, change.body);
        case 'delete':
          await deletePadGroup(change.groupId);
          return null;
        default:
          return updatePadGroup(change.groupId, change.body);
      }
    })();
    // The board's colours, the map step's rows and the request's progress follow the groups.
    void requestHardwareChanged(client, requestId);
    void requestChanged(client, requestId);
    return saved;
  };

  return requestMachine.provide({
    actors: {
      loadRequest: fromPromise<ProjectRequest, { requestId: number }>(({ input }) => fresh(input.requestId)),
      startReview: fromPromise<ProjectRequest, { requestId: number }>(({ input }) => startRequestReview(input.requestId).then(answered)),
      confirmStep: fromPromise<ProjectRequest, { requestId: number; step: RequestStep }>(({ input }) =>
        patch(input.requestId, { confirmed_step: input.step }),
      ),
      rejectRequest: fromPromise<ProjectRequest, { requestId: number; reason: string }>(({ input }) =>
        patch(input.requestId, { status: 'rejected', rejected_reason: input.reason }),
      ),
      // The call answers the project made; the machine goes on from the request as it now stands.
      createProject: fromPromise<ProjectRequest, { requestId: number } & ProjectDraft>(async ({ input }) => {
        await createProjectFromRequest(input.requestId, { name: input.name, description: input.description });
        void requestHardwareChanged(client, input.requestId);
        return answered(await fresh(input.requestId));
      }),
      padGroups: padGroupsMachine.provide({
        actors: {
          loadGroups: fromPromise<PadGroupsData, { requestId: number }>(async ({ input }) => {
            const [pads, groups] = await Promise.all([
              client.fetchQuery({ ...testPadsOptions(input.requestId), staleTime: 0 }),
              client.fetchQuery({ ...padGroupsOptions(input.requestId), staleTime: 0 }),
            ]);
            return { pads, groups };
          }),
          saveGroup: fromPromise<TestPadGroup | null, { requestId: number; change: GroupChange }>(({ input }) => saveGroup(input.requestId, input.change)),
        },
      }),
    },
  });
}
