import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { stationMachine } from '../../../machines/station.machine';
import { NoticeBanner } from '../../app/notice-banner';
import { JigPicker } from './jig-picker';
import { StationBar } from './station-bar';
import { StationFrame } from './station-frame';
import { stationActors } from './station-actors';
import { loadStationSettings, saveStationSettings, type StationSettings } from './station-settings';
import { createStationI18n, type StationLanguage } from './words/i18n';

/**
 * The operator's station: the jig they stand at, the board they scan and its run, PASS or FAIL
 * read from two metres. Everything shown follows the station machine's state; the machine's
 * calls are this screen's actors (station-actors.ts).
 */
export function StationScreen() {
  const [initial] = useState<StationSettings>(loadStationSettings);
  const [language, setLanguage] = useState<StationLanguage>(initial.language);
  const i18n = useMemo(() => createStationI18n(language), [language]);
  const client = useQueryClient();
  const logic = useMemo(() => stationMachine.provide({ actors: stationActors(client) }), [client]);
  const [snapshot, send] = useMachine(logic, { input: { jigId: initial.jigId } });
  const jigId = snapshot.context.jigId;

  // The jig chosen (or let go) is remembered on this browser, with the station's language.
  useEffect(() => saveStationSettings({ jigId, language }), [jigId, language]);

  useEffect(() => {
    document.documentElement.lang = language;
    return () => void (document.documentElement.lang = 'en');
  }, [language]);

  return (
    <I18nextProvider i18n={i18n}>
      <div className="flex min-h-dvh flex-col bg-gray-950 text-white">
        <StationBar language={language} onLanguage={setLanguage} />
        <NoticeBanner className="mx-4 mt-3 sm:mx-6" />
        {snapshot.matches('choosingJig') || jigId === null ? (
          <JigPicker onChoose={(id) => send({ type: 'jig.choose', jigId: id })} />
        ) : (
          <StationFrame jigId={jigId} snapshot={snapshot} send={send} />
        )}
      </div>
    </I18nextProvider>
  );
}
