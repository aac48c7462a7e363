import type { ReleaseBatchStatus } from '../../../../contract/release-batches';
import { Badge } from '../../../components/badge';

/** A draft is still being put together; released is final. */
export function ReleaseStatusBadge({ status }: { status: ReleaseBatchStatus }) {
  return status === 'released' ? <Badge tone="success">Released</Badge> : <Badge tone="warning">Draft</Badge>;
}
