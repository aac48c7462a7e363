import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiFailure } from '../../api/client';
import { BoardHistory } from './board-history';
import { FailingSteps } from './failing-steps';
import { RepairDialog } from './repair-dialog';
import { Panel } from './run-view';
import { StationButton } from './station-button';
import type { StationSend, StationSnapshot } from './station-types';

/** Opens the repair dialog from the keyboard (S) as the button does. */
export const REPAIR_EVENT = 'station:repair';

/** A FAIL to acknowledge: the failing steps, then Retest (while attempts are left) or Send to repair. */
export function FailPanel({ snapshot, send }: { snapshot: StationSnapshot; send: StationSend }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const c = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const serial = c.serial ?? '';
  const retestAllowed = snapshot.can({ type: 'retest' });
  const limit = c.board?.attempt_limit ?? null;

  // The S key asks for the reason, like the button.
  useWindowEvent(REPAIR_EVENT, () => !busy && setAsking(true));

  return (
    <Panel tone="fail" heading={t('result.fail')} label={`${t('result.fail')} ${serial}`}>
      <p className="font-mono text-3xl font-bold sm:text-4xl">{serial}</p>
      {c.report?.out_of_policy ? <p className="text-xl font-semibold">{t('result.outOfPolicy')}</p> : null}
      {c.ackError ? (
        <div role="alert" className="rounded-lg bg-white px-4 py-3 text-xl text-red-800">
          <p className="font-semibold">{t('fail.ackFailed')}</p>
          <p>{toApiFailure(c.ackError).message}</p>
        </div>
      ) : null}
      <div className="flex flex-wrap justify-center gap-4">
        <StationButton
          tone="go"
          hotkey={t('keys.retest')}
          disabled={!retestAllowed || busy}
          aria-describedby={!retestAllowed && !busy ? 'retest-refused' : undefined}
          onClick={() => send({ type: 'retest' })}
        >
          {t('fail.retest')}
        </StationButton>
        <StationButton tone="danger" hotkey={t('keys.repair')} disabled={busy} onClick={() => setAsking(true)}>
          {t('fail.repair')}
        </StationButton>
      </div>
      {!retestAllowed && !busy && limit !== null ? (
        <p id="retest-refused" className="text-2xl font-semibold">
          {t('fail.attemptsUsedUp', { limit })}
        </p>
      ) : null}
      {c.report ? (
        <div className="w-full max-w-3xl">
          <FailingSteps steps={c.report.failing_steps} />
        </div>
      ) : null}
      {c.board ? <BoardHistory board={c.board} /> : null}
      <RepairDialog
        open={asking}
        serial={serial}
        onCancel={() => setAsking(false)}
        onSend={(reason) => {
          setAsking(false);
          send({ type: 'repair.send', reason });
        }}
      />
    </Panel>
  );
}

function useWindowEvent(name: string, handler: () => void) {
  useEffect(() => {
    window.addEventListener(name, handler);
    return () => window.removeEventListener(name, handler);
  });
}
