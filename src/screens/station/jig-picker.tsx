import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { stationJigsOptions } from '../../api/stations';
import { StationButton } from './station-button';

type JigPickerProps = { onChoose: (jigId: number) => void };

/** Which jig the operator stands at: the company's jigs as big buttons (GET /stations). */
export function JigPicker({ onChoose }: JigPickerProps) {
  const { t } = useTranslation();
  const jigs = useQuery(stationJigsOptions());
  return (
    <main className="mx-auto flex w-full max-w-4xl flex-1 flex-col gap-6 p-4 sm:p-8">
      <h1 className="text-3xl font-bold sm:text-4xl">{t('picker.heading')}</h1>
      <p className="text-lg text-gray-300">{t('picker.hint')}</p>
      {jigs.isPending ? (
        <p className="text-xl" role="status">
          {t('busy')}
        </p>
      ) : jigs.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-4 text-xl">
          {t('picker.loadFailed')}
          <StationButton tone="neutral" onClick={() => void jigs.refetch()}>
            {t('picker.retry')}
          </StationButton>
        </div>
      ) : jigs.data.length === 0 ? (
        <p className="text-xl">{t('picker.none')}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {jigs.data.map((jig) => (
            <li key={jig.id}>
              <button
                type="button"
                onClick={() => onChoose(jig.id)}
                className="flex w-full flex-col items-start gap-1 rounded-lg border-2 border-gray-600 bg-gray-900 p-4 text-left hover:border-white focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-sky-400"
              >
                <span className="text-2xl font-semibold">{jig.name}</span>
                <span className="text-base text-gray-300">{jig.project_name ?? t('picker.noProject')}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
