import type { ProductionBatch } from '../../../../contract/batches';
import { batchDeleted, deleteBatch } from '../../../api/batches';
import { DeleteAction } from '../../../components/delete-action';
import { formatNumber } from '../../../lib/format';

type BatchDeleteActionProps = {
  batch: ProductionBatch;
  /** Set on the batch's own page: where to go once it is gone. */
  leaveTo?: string;
  compact?: boolean;
};

/** Why a batch cannot be deleted as it stands, with what to do; null when it holds no boards. */
export function batchDeleteBlocker(batch: Pick<ProductionBatch, 'device_count'>): string | null {
  const n = batch.device_count;
  if (n <= 0) return null;
  return n === 1 ? 'Holds 1 board: move or correct it first.' : `Holds ${formatNumber(n)} boards: move or correct them first.`;
}

/**
 * Deletes a production batch. One that holds boards shows Delete disabled with the reason; the
 * server decides all the same (a board may arrive any moment), and its refusal shows in the dialog.
 */
export function BatchDeleteAction({ batch, leaveTo, compact }: BatchDeleteActionProps) {
  return (
    <DeleteAction
      kind="production batch"
      name={batch.name}
      consequence="Only a batch that holds no boards can be deleted."
      unavailable={batchDeleteBlocker(batch)}
      remove={() => deleteBatch(batch.id)}
      refresh={(client) => batchDeleted(client, batch)}
      leaveTo={leaveTo}
      compact={compact}
    />
  );
}
