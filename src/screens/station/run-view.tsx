import { useTranslation } from 'react-i18next';
import { toApiFailure } from '../../api/client';
import { cx } from '../../lib/cx';
import { BoardHistory } from './board-history';
import { FailPanel } from './fail-panel';
import { FailingSteps } from './failing-steps';
import { StationButton } from './station-button';
import { stepOf, type StationSend, type StationSnapshot } from './station-types';

/** A panel of the run, filling the space: its colour and its heading say the state from afar. */
export function Panel({ tone, heading, children, label }: { tone: 'calm' | 'pass' | 'fail' | 'stop' | 'info'; heading: string; children?: React.ReactNode; label?: string }) {
  const tones = {
    calm: 'bg-gray-900 text-white',
    info: 'bg-sky-900 text-white',
    pass: 'bg-green-700 text-white',
    fail: 'bg-red-700 text-white',
    stop: 'bg-yellow-300 text-gray-950',
  };
  const big = tone === 'pass' || tone === 'fail' || tone === 'stop';
  return (
    <section aria-label={label ?? heading} className={cx('flex flex-1 flex-col items-center justify-center gap-4 rounded-xl p-4 text-center sm:p-8', tones[tone])}>
      <h2 className={cx('font-black tracking-wide', big ? 'text-7xl sm:text-8xl' : 'text-4xl sm:text-5xl')}>{heading}</h2>
      {children}
    </section>
  );
}

/** The run's main panel for the machine's state: ready, checking, stop, waiting, PASS, FAIL, repair hand-off, another board, offline. */
export function RunView({ snapshot, send }: { snapshot: StationSnapshot; send: StationSend }) {
  const { t } = useTranslation();
  const c = snapshot.context;
  const serial = c.serial ?? '';
  const step = stepOf(snapshot);

  switch (step) {
    case 'checking':
      return <Panel tone="calm" heading={t('checking.heading', { serial })} />;
    case 'stopped':
      return (
        <Panel tone="stop" heading={t('stop.heading')}>
          <p className="max-w-3xl text-3xl font-semibold sm:text-4xl">{c.stop ? t(`stop.codes.${c.stop.code}`, { serial, defaultValue: c.stop.words }) : null}</p>
          <StationButton tone="neutral" hotkey={t('keys.enter')} onClick={() => send({ type: 'next' })}>
            {t('stop.next')}
          </StationButton>
        </Panel>
      );
    case 'waiting':
      return (
        <Panel tone="info" heading={t('waiting.heading')}>
          <p className="text-2xl sm:text-3xl">{t('waiting.body', { serial })}</p>
          {c.board ? <BoardHistory board={c.board} /> : null}
        </Panel>
      );
    case 'pass':
      return (
        <Panel tone="pass" heading={t('result.pass')} label={`${t('result.pass')} ${serial}`}>
          <p className="font-mono text-3xl font-bold sm:text-4xl">{serial}</p>
          {c.report?.out_of_policy ? <p className="text-xl font-semibold">{t('result.outOfPolicy')}</p> : null}
          {c.board ? <BoardHistory board={c.board} /> : null}
          <p className="text-xl">{t('pass.clears')}</p>
        </Panel>
      );
    case 'fail':
    case 'acknowledging':
      return <FailPanel snapshot={snapshot} send={send} />;
    case 'repairHandOff':
      return (
        <Panel tone="stop" heading={t('handOff.heading')}>
          <p className="text-3xl font-semibold sm:text-4xl">{t('handOff.body', { serial })}</p>
          {c.repairReason ? <p className="text-2xl">{t('handOff.reason', { reason: c.repairReason })}</p> : null}
          <StationButton tone="neutral" hotkey={t('keys.enter')} onClick={() => send({ type: 'next' })}>
            {t('handOff.next')}
          </StationButton>
        </Panel>
      );
    case 'otherBoard':
      return c.otherReport ? (
        <Panel tone={c.otherReport.result === 'pass' ? 'pass' : 'fail'} heading={t(`result.${c.otherReport.result}`)} label={t('other.heading')}>
          <p className="text-2xl font-semibold sm:text-3xl">{t('other.heading')}</p>
          <p className="font-mono text-3xl font-bold">{t('other.body', { serial: c.otherReport.serial, result: t(`result.${c.otherReport.result}`) })}</p>
          {c.otherReport.failing_steps.length ? <FailingSteps steps={c.otherReport.failing_steps} /> : null}
          <StationButton tone="neutral" hotkey={t('keys.dismiss')} onClick={() => send({ type: 'dismiss' })}>
            {t('other.dismiss')}
          </StationButton>
        </Panel>
      ) : null;
    case 'offline':
    case 'reconnecting':
      return (
        <Panel tone="calm" heading={t(step === 'offline' ? 'connection.offline' : 'connection.reconnecting')}>
          {c.pendingSerial ? <p className="text-2xl">{t('connection.pending', { serial: c.pendingSerial })}</p> : null}
        </Panel>
      );
    default:
      return (
        <Panel tone="calm" heading={t('ready.heading')}>
          <p className="text-2xl sm:text-3xl">{t('ready.body')}</p>
          {c.scanError ? (
            <div role="alert" className="rounded-lg bg-yellow-300 px-4 py-3 text-xl text-gray-950">
              <p className="font-semibold">{t('scan.error')}</p>
              <p>{toApiFailure(c.scanError).message}</p>
            </div>
          ) : null}
        </Panel>
      );
  }
}
