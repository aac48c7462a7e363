import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FailureCode } from '../../../contract/repairs';
import { deleteFailureCode, failureCodeDeleted, failureCodesChanged, updateFailureCode } from '../../api/failure-codes';
import { Button } from '../../components/button';
import { DeleteAction } from '../../components/delete-action';
import { ErrorPresenter } from '../../components/error-presenter';
import { showSuccess } from '../../components/toast';
import { FailureCodeDialog } from './failure-code-dialog';

/**
 * Edit, Archive or Restore, and Delete for one code. A code repairs name is archived (kept on
 * those records, no longer offered); only an unused one may be deleted.
 */
export function FailureCodeActions({ companyId, code }: { companyId: number; code: FailureCode }) {
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const archive = useMutation({
    mutationFn: () => updateFailureCode(code.id, { archived: !code.archived }),
    onSuccess: async (saved) => {
      await failureCodesChanged(client);
      showSuccess(saved.archived ? `Failure code “${saved.code}” archived.` : `Failure code “${saved.code}” restored.`);
    },
  });
  return (
    <div className="flex flex-col items-end gap-1">
      <div className="-my-1.5 flex flex-wrap justify-end">
        <Button variant="ghost" className="min-h-9 px-2" onClick={() => setEditing(true)} aria-label={`Edit ${code.code}`}>
          Edit
        </Button>
        <Button
          variant="ghost"
          className="min-h-9 px-2"
          busy={archive.isPending}
          onClick={() => archive.mutate()}
          aria-label={`${code.archived ? 'Restore' : 'Archive'} ${code.code}`}
        >
          {code.archived ? 'Restore' : 'Archive'}
        </Button>
        <DeleteAction
          compact
          kind="failure code"
          name={code.code}
          remove={() => deleteFailureCode(code.id)}
          refresh={failureCodeDeleted}
          unavailable={code.repair_count > 0 ? 'Repairs name it: archive it instead.' : null}
        />
      </div>
      {archive.isError ? <ErrorPresenter error={archive.error} title="Could not change the code" className="max-w-xs text-left" /> : null}
      {editing ? <FailureCodeDialog companyId={companyId} code={code} open onOpenChange={setEditing} /> : null}
    </div>
  );
}
