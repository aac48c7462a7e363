import type { ProductionBatch } from '../../../../contract/batches';
import { batchDeleted, deleteBatch } from '../../../api/batches';
import { DeleteAction } from '../../../components/delete-action';

type BatchDeleteActionProps = {
  batch: ProductionBatch;
  /** Set on the batch's own page: where to go once it is gone. */
  leaveTo?: string;
  compact?: boolean;
};

/** Deletes a production batch; the server refuses one that holds boards, and the dialog says so. */
export function BatchDeleteAction({ batch, leaveTo, compact }: BatchDeleteActionProps) {
  return (
    <DeleteAction
      kind="production batch"
      name={batch.name}
      // The server decides (a board may arrive any moment); this only says what it will decide.
      consequence="Only a batch that holds no boards can be deleted."
      remove={() => deleteBatch(batch.id)}
      refresh={(client) => batchDeleted(client, batch)}
      leaveTo={leaveTo}
      compact={compact}
    />
  );
}
