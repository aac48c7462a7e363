import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { can } from '../../../../../contract/permissions';
import type { Project } from '../../../../../contract/projects';
import { heldReportsOptions, heldReportsSettled, settleHeldReports } from '../../../../api/readiness';
import { useSession } from '../../../../app/app-actor';
import { Button } from '../../../../components/button';
import { Card } from '../../../../components/card';
import { ErrorPresenter } from '../../../../components/error-presenter';
import { Spinner } from '../../../../components/spinner';
import { showSuccess } from '../../../../components/toast';
import { formatDateTime, formatNumber } from '../../../../lib/format';

/**
 * Runs held because their jig was not ready under the company's hold policy: an engineer releases
 * them (they count, as if they had arrived in order) or discards them (kept, never counted).
 */
export function HeldReportsCard({ project }: { project: Project }) {
  const session = useSession();
  const client = useQueryClient();
  const canEdit = can(session?.user, 'production.edit', { company_id: project.company_id });
  const query = useQuery(heldReportsOptions(project.id));
  const mutation = useMutation({
    mutationFn: ({ action, ids }: { action: 'release' | 'discard'; ids: number[] }) => settleHeldReports(project.id, action, ids),
    onSuccess: async (changed, { action }) => {
      await heldReportsSettled(client);
      showSuccess(`${formatNumber(changed)} held run${changed === 1 ? '' : 's'} ${action === 'release' ? 'released: they count now' : 'discarded'}.`);
    },
  });
  const rows = query.data?.data ?? [];
  const total = query.data?.meta.total ?? 0;
  if (query.isSuccess && total === 0) return null;
  const ids = rows.map((r) => r.id);
  return (
    <Card title={`Held runs (${formatNumber(total)})`}>
      <p className="mb-3 text-sm text-secondary">Runs of jigs that were not fit to test. They count nowhere until released.</p>
      {query.isError ? <ErrorPresenter error={query.error} title="Could not load the held runs" /> : null}
      {mutation.isError ? <ErrorPresenter error={mutation.error} title="Could not settle the held runs" /> : null}
      {query.isPending ? <Spinner /> : null}
      <ul className="mb-3 flex flex-col gap-1 text-sm">
        {rows.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center gap-2">
            <span className="font-mono">{r.serial}</span>
            <span className={r.result === 'pass' ? 'text-green-900' : 'text-red-800'}>{r.result.toUpperCase()}</span>
            <span className="text-secondary">{formatDateTime(r.finished_at)}</span>
            {canEdit ? (
              <span className="ml-auto flex gap-2">
                <Button variant="secondary" busy={mutation.isPending} onClick={() => mutation.mutate({ action: 'release', ids: [r.id] })} aria-label={`Release the run of ${r.serial}`}>
                  Release
                </Button>
                <Button variant="secondary" busy={mutation.isPending} onClick={() => mutation.mutate({ action: 'discard', ids: [r.id] })} aria-label={`Discard the run of ${r.serial}`}>
                  Discard
                </Button>
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      {canEdit && ids.length > 1 ? (
        <div className="flex gap-2">
          <Button busy={mutation.isPending} onClick={() => mutation.mutate({ action: 'release', ids })}>
            Release the {formatNumber(ids.length)} shown
          </Button>
          <Button variant="secondary" busy={mutation.isPending} onClick={() => mutation.mutate({ action: 'discard', ids })}>
            Discard the {formatNumber(ids.length)} shown
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
