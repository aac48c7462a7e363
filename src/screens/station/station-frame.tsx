import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { REPAIR_EVENT } from './fail-panel';
import { RunView } from './run-view';
import { ScanBar } from './scan-bar';
import { StationButton } from './station-button';
import { StationHeader } from './station-header';
import { stepOf, type StationSend, type StationSnapshot } from './station-types';

type StationFrameProps = {
  jigId: number;
  snapshot: StationSnapshot;
  send: StationSend;
};

const dialogOpen = () => !!document.querySelector('[role="dialog"]');

/** The station at its jig: what it stands at, the connection, the run, and the scan field. */
export function StationFrame({ jigId, snapshot, send }: StationFrameProps) {
  const { t } = useTranslation();
  const field = useRef<HTMLInputElement>(null);
  const step = stepOf(snapshot);
  const c = snapshot.context;

  // Each step hands the focus back to the scan field, unless a dialog asks something.
  useEffect(() => {
    if (!dialogOpen()) field.current?.focus();
  }, [step]);

  // The keys of a FAIL (R, S) and Escape; they never reach the field as text.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || dialogOpen()) return;
      const key = event.key.toLowerCase();
      if (step === 'fail' && key === 'r') {
        event.preventDefault();
        send({ type: 'retest' });
      } else if (step === 'fail' && key === 's') {
        event.preventDefault();
        window.dispatchEvent(new Event(REPAIR_EVENT));
      } else if (key === 'escape' && (step === 'otherBoard' || c.otherReport)) {
        event.preventDefault();
        send({ type: 'dismiss' });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [step, send, c.otherReport]);

  const refusal = (serial: string) =>
    step === 'fail' || step === 'acknowledging' || c.report?.result === 'fail' ? t('scan.waitsForAcknowledge') : t('scan.notNow', { serial: c.serial ?? serial });

  return (
    <>
      <StationHeader jigId={jigId} onChangeJig={() => send({ type: 'jig.change' })} />
      {step === 'offline' || step === 'reconnecting' ? (
        <p role="alert" className="bg-yellow-300 px-4 py-2 text-center text-xl font-semibold text-gray-950 sm:px-6">
          {t(step === 'offline' ? 'connection.offline' : 'connection.reconnecting')}
        </p>
      ) : null}
      <main id="main" aria-live="polite" className="flex flex-1 flex-col gap-3 p-3 sm:p-4">
        <RunView snapshot={snapshot} send={send} />
        {c.otherReport && step !== 'otherBoard' ? (
          <aside aria-label={t('other.heading')} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border-2 border-gray-500 bg-gray-900 px-4 py-2 text-xl">
            <span>
              {t('other.heading')}: {t('other.body', { serial: c.otherReport.serial, result: t(`result.${c.otherReport.result}`) })}
            </span>
            <StationButton className="min-h-10 px-4 text-base" hotkey={t('keys.dismiss')} onClick={() => send({ type: 'dismiss' })}>
              {t('other.dismiss')}
            </StationButton>
          </aside>
        ) : null}
      </main>
      <ScanBar
        ref={field}
        accepts={(serial) => snapshot.can({ type: 'scan', serial })}
        refusal={refusal}
        onScan={(serial) => send({ type: 'scan', serial })}
        onEmptyEnter={() => snapshot.can({ type: 'next' }) && send({ type: 'next' })}
      />
    </>
  );
}
