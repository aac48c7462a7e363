import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { ReleaseBatchDetail, ReleaseBatchUpdateDevicesInput } from '../../../../contract/release-batches';
import { releaseBatchMachine, type ReleaseReview } from '../../../../machines/release-batch.machine';
import {
  fetchNotQualifying,
  fetchReleaseBatch,
  releaseBatchChanged,
  updateReleaseBatchDevices,
} from '../../../api/release-batches';

/**
 * The release batch machine with its calls: the API functions of `src/api/release-batches.ts`,
 * and after each change the cached lists that show it are refreshed.
 */
export function releaseBatchLogic(client: QueryClient) {
  return releaseBatchMachine.provide({
    actors: {
      loadBatch: fromPromise<ReleaseBatchDetail, { batchId: number }>(({ input, signal }) =>
        fetchReleaseBatch(input.batchId, signal),
      ),
      saveDevices: fromPromise(async ({ input }: { input: { batchId: number; change: ReleaseBatchUpdateDevicesInput } }) => {
        const result = await updateReleaseBatchDevices(input.batchId, input.change);
        void releaseBatchChanged(client, result.batch);
        return result;
      }),
      loadReview: fromPromise<ReleaseReview, { batchId: number }>(async ({ input, signal }) => {
        const [batch, notQualifying] = await Promise.all([
          fetchReleaseBatch(input.batchId, signal),
          fetchNotQualifying(input.batchId),
        ]);
        return { batch, notQualifying: notQualifying.data };
      }),
      releaseBatch: fromPromise(async ({ input }: { input: { batchId: number } }) => {
        const result = await updateReleaseBatchDevices(input.batchId, { release: true });
        void releaseBatchChanged(client, result.batch, true);
        return result;
      }),
    },
  });
}
