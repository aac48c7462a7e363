import type { ReleaseBatchDetail, ReleaseBatchStatus } from '../../../../contract/release-batches';
import { Badge } from '../../../components/badge';
import { formatNumber } from '../../../lib/format';

/** A draft is still being put together; released is final. */
export function ReleaseStatusBadge({ status }: { status: ReleaseBatchStatus }) {
  return status === 'released' ? <Badge tone="success">Released</Badge> : <Badge tone="warning">Draft</Badge>;
}

/** "1 board", "1,204 boards". */
export const boards = (n: number) => `${formatNumber(n)} ${n === 1 ? 'board' : 'boards'}`;

/** Where a release batch's boards were built: each production batch with its share. */
export function SourceBatches({ batches }: { batches: ReleaseBatchDetail['production_batches'] }) {
  if (batches.length === 0) return <>—</>;
  return (
    <ul className="flex flex-col gap-1">
      {batches.map((pb) => (
        <li key={pb.id}>
          {pb.name} <span className="text-secondary">· {boards(pb.device_count)}</span>
        </li>
      ))}
    </ul>
  );
}
