import { mdiBarcodeScan, mdiCheckCircleOutline, mdiCloseCircleOutline, mdiWrenchClock, mdiWrenchCheck, mdiAlertOutline } from '@mdi/js';
import { Link } from 'wouter';
import type { HistoryEntry } from '../../../../contract/repairs';
import { Badge } from '../../../components/badge';
import { Icon } from '../../../components/icon';
import { formatDateTime } from '../../../lib/format';
import { useSearchState } from '../../../lib/url-search';
import { ResultBadge } from '../status';
import { personName } from './history';
import { openReport } from './panel-url';

/** Why a stored run did not count as a test: said in words beside it. */
export const OUT_OF_POLICY_WORDS: Record<NonNullable<Extract<HistoryEntry, { kind: 'run' }>['out_of_policy']>, string> = {
  in_repair: 'Out of policy: the board was waiting for repair',
  attempts_used_up: 'Out of policy: the board had used up its attempts',
  scrapped: 'Out of policy: the board was scrapped',
};

const STOP_WORDS: Record<string, string> = {
  released: 'released',
  scrapped: 'scrapped',
  in_repair: 'waiting for repair',
  attempts_used_up: 'attempts used up',
  another_project: 'of another project',
  unknown_jig: 'unknown jig',
};

const link = 'font-medium text-primary-dark hover:underline';

/** One line of a board's history: what happened, who, where, and a link to the run or the repair. */
export function HistoryEntryView({ entry, deviceId, projectId }: { entry: HistoryEntry; deviceId: number; projectId: number }) {
  const { hrefWith } = useSearchState();
  const repairHref = (id: number) => `/projects/${projectId}/repairs/${id}`;
  let icon: string;
  let title: React.ReactNode;
  let detail: React.ReactNode = null;
  switch (entry.kind) {
    case 'scan':
      icon = mdiBarcodeScan;
      title = entry.outcome === 'go' ? 'Scanned' : `Scanned and stopped (${entry.stop_code ? STOP_WORDS[entry.stop_code] : 'stopped'})`;
      detail = `${entry.enclosure_name} · ${personName(entry.operator)}${entry.attempt_limit !== null ? ` · attempt ${entry.attempts_used} of ${entry.attempt_limit}` : ''}`;
      break;
    case 'run':
      icon = entry.result === 'pass' ? mdiCheckCircleOutline : mdiCloseCircleOutline;
      title = (
        <span className="inline-flex flex-wrap items-center gap-2">
          <Link href={hrefWith(openReport(deviceId, entry.report_id))} className={link}>
            Test run
          </Link>
          <ResultBadge result={entry.result} />
          {entry.out_of_policy ? (
            <Badge tone="warning">
              <Icon path={mdiAlertOutline} size={12} />
              {OUT_OF_POLICY_WORDS[entry.out_of_policy]}
            </Badge>
          ) : null}
        </span>
      );
      detail = [
        entry.enclosure_name ?? 'Unknown jig',
        entry.operator ? personName(entry.operator) : 'No operator scanned it',
        entry.failed_step_count ? `${entry.failed_step_count} ${entry.failed_step_count === 1 ? 'step' : 'steps'} failed` : null,
      ]
        .filter(Boolean)
        .join(' · ');
      break;
    case 'repair_sent':
      icon = mdiWrenchClock;
      title = (
        <Link href={repairHref(entry.repair_id)} className={link}>
          Sent to repair
        </Link>
      );
      detail = `${personName(entry.by)}: ${entry.reason}`;
      break;
    case 'repair_done':
      icon = mdiWrenchCheck;
      title = (
        <Link href={repairHref(entry.repair_id)} className={link}>
          {entry.outcome === 'scrapped' ? 'Scrapped' : 'Repaired'}
        </Link>
      );
      detail = [personName(entry.by), entry.failure_code, entry.action, entry.parts.length ? `parts ${entry.parts.join(', ')}` : null].filter(Boolean).join(' · ');
      break;
  }
  return (
    <li className="flex gap-3 py-2.5">
      <Icon path={icon} size={20} className="mt-0.5 shrink-0 text-secondary" />
      <div className="min-w-0 flex-1 text-sm">
        <div className="text-gray-900">{title}</div>
        {detail ? <p className="break-words text-xs text-secondary">{detail}</p> : null}
      </div>
      <time dateTime={entry.at} className="shrink-0 text-xs text-secondary tabular-nums">
        {formatDateTime(entry.at)}
      </time>
    </li>
  );
}
