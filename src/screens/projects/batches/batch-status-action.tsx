import { mdiLockOpenVariantOutline, mdiLockOutline } from '@mdi/js';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ProductionBatch } from '../../../../contract/batches';
import { batchChanged, updateBatch } from '../../../api/batches';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { showSuccess } from '../../../components/toast';

/** Close an open batch or reopen a closed one, after asking. */
export function BatchStatusAction({ batch, companyId }: { batch: ProductionBatch; companyId: number }) {
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const closing = batch.status === 'open';
  const mutation = useMutation({
    mutationFn: () => updateBatch(batch.id, { status: closing ? 'closed' : 'open' }),
    onSuccess: async (next) => {
      await batchChanged(client, next, companyId);
      setAsking(false);
      showSuccess(`Production batch “${next.name}” ${next.status === 'closed' ? 'closed' : 'reopened'}.`);
    },
  });
  const label = closing ? 'Close batch' : 'Reopen batch';
  return (
    <>
      <Button
        variant="secondary"
        icon={closing ? mdiLockOutline : mdiLockOpenVariantOutline}
        onClick={() => {
          mutation.reset();
          setAsking(true);
        }}
      >
        {label}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={closing ? `Close ${batch.name}?` : `Reopen ${batch.name}?`}
        description={
          closing
            ? 'A closed batch takes no new boards; reports of boards already in it still count. You can reopen it later.'
            : 'The batch takes new boards again.'
        }
        error={mutation.error}
        confirmLabel={label}
        busy={mutation.isPending}
        onConfirm={() => mutation.mutate()}
      />
    </>
  );
}
