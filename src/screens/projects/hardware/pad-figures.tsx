import { Link } from 'wouter';
import type { PadHealth } from '../../../../contract/pad-health';
import { formatDateTime, formatNumber, formatPercent } from '../../../lib/format';

/**
 * A pad's figures over the range at the filter: its group's failed runs and false fails, each
 * step that measures it with its own, and the newest boards that failed there (each opening the
 * board's panel on the project's devices).
 */
export function PadFigures({ projectId, health, groupId }: { projectId: number; health: PadHealth; groupId: number | null }) {
  const group = groupId === null ? undefined : health.pad_groups.find((g) => g.id === groupId);
  if (!group) return <p className="text-sm text-secondary">No step of the project’s profiles measures this pad, so it has no figures.</p>;
  const steps = health.steps.filter((s) => s.pad_group_ids.includes(group.id));
  return (
    <div className="flex flex-col gap-3" data-testid="pad-figures">
      <p className="text-sm text-gray-800">
        {formatNumber(group.fails)} of {formatNumber(group.runs)} runs failed a step measuring it ({formatPercent(group.fail_rate)}); {formatNumber(group.false_fails)} of them
        were false fails ({formatPercent(group.false_fail_rate)} of runs).
      </p>
      <div>
        <h4 className="mb-1 text-sm font-semibold text-gray-900">Steps measuring this pad</h4>
        {/* A list, not a table: it fits a phone without scrolling sideways. */}
        <ul className="flex flex-col gap-1 text-sm" aria-label="Steps measuring this pad">
          {steps.map((s) => (
            <li key={s.name} className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-medium text-gray-900">{s.name}</span>
              <span className="text-secondary">
                {formatNumber(s.fails)} failed {s.fails === 1 ? 'run' : 'runs'} ({formatPercent(s.fail_rate)}), {formatNumber(s.false_fails)} false ({formatPercent(s.false_fail_rate)})
              </span>
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h4 className="mb-1 text-sm font-semibold text-gray-900">Boards that failed here</h4>
        {group.boards.length ? (
          <ul className="flex flex-col gap-1 text-sm" aria-label="Boards that failed here">
            {group.boards.map((b) => (
              <li key={b.device_id} className="flex flex-wrap items-baseline gap-x-2">
                <Link href={`/projects/${projectId}?device=${b.device_id}`} className="font-mono text-primary-dark hover:underline">
                  {b.serial}
                </Link>
                <span className="text-secondary">
                  {formatNumber(b.fails)} failed {b.fails === 1 ? 'run' : 'runs'}
                  {b.false_fails ? `, ${formatNumber(b.false_fails)} false` : ''} · last {formatDateTime(b.last_failed_at)}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-secondary">None in the range.</p>
        )}
      </div>
    </div>
  );
}
