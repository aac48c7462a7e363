import { useTranslation } from 'react-i18next';
import type { BoardSummary } from '../../../contract/station';

/** The scanned board's history in short: attempts used of the limit, the last result, its repairs. */
export function BoardHistory({ board }: { board: BoardSummary }) {
  const { t } = useTranslation();
  const attempts = board.attempt_limit === null ? String(board.attempts_used) : t('board.attemptsOf', { used: board.attempts_used, limit: board.attempt_limit });
  const last = board.last_result === null ? t('board.none') : t(`result.${board.last_result}`);
  const facts = [
    [t('board.attempts'), attempts],
    [t('board.lastResult'), last],
    [t('board.repairs'), String(board.repairs)],
  ];
  return (
    <div role="group" aria-label={t('board.heading', { serial: board.serial })}>
      <dl className="grid grid-cols-3 gap-4 text-center">
        {facts.map(([term, value]) => (
          <div key={term} className="rounded-lg border border-current/40 px-3 py-2">
            <dt className="text-base">{term}</dt>
            <dd className="text-2xl font-bold sm:text-3xl">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
