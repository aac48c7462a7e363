import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { stationOptions } from '../../api/stations';
import { StationButton } from './station-button';

type StationHeaderProps = { jigId: number; onChangeJig: () => void };

/** What the station stands at: the jig, its project, batch and active profile, and whether it is fit to test. */
export function StationHeader({ jigId, onChangeJig }: StationHeaderProps) {
  const { t } = useTranslation();
  const station = useQuery(stationOptions(jigId));
  const data = station.data;
  const none = t('header.none');

  return (
    <header className="border-b border-gray-700 bg-gray-900 px-4 py-3 sm:px-6">
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <h1 className="text-2xl font-bold sm:text-3xl">
          <span className="sr-only">{t('header.jig')}: </span>
          {data?.jig.name ?? '…'}
        </h1>
        {data ? (
          <p
            className={data.fit.ok ? 'rounded-md bg-green-800 px-3 py-1 text-lg font-semibold' : 'rounded-md bg-yellow-300 px-3 py-1 text-lg font-semibold text-gray-950'}
          >
            {data.fit.ok ? t('header.fit') : t('header.unfit')}
          </p>
        ) : null}
        <div className="ml-auto flex flex-wrap items-center gap-3">
          <StationButton className="min-h-10 px-4 text-base" onClick={onChangeJig}>
            {t('header.changeJig')}
          </StationButton>
        </div>
      </div>
      {station.isError ? (
        <p role="alert" className="mt-2 text-lg text-yellow-300">
          {t('header.loadFailed')}
        </p>
      ) : null}
      {data ? (
        <>
          <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-1 text-base sm:grid-cols-3">
            <div className="flex gap-2">
              <dt className="text-gray-300">{t('header.project')}:</dt>
              <dd className="font-semibold">{data.project?.name ?? none}</dd>
            </div>
            <div className="flex gap-2">
              <dt className="text-gray-300">{t('header.batch')}:</dt>
              <dd className="font-semibold">{data.production_batch?.name ?? none}</dd>
            </div>
            <div className="flex gap-2">
              <dt className="text-gray-300">{t('header.profile')}:</dt>
              <dd className="font-semibold">
                {data.profile ? (
                  <>
                    {t('header.profileName', { name: data.profile.name, version: data.profile.version })},{' '}
                    {data.profile.attempt_limit === null ? t('header.noAttemptLimit') : t('header.attemptLimit', { limit: data.profile.attempt_limit })}
                  </>
                ) : (
                  none
                )}
              </dd>
            </div>
          </dl>
          {data.fit.problems.length ? (
            <ul className="mt-2 list-disc pl-6 text-lg text-yellow-300">
              {data.fit.problems.map((p) => (
                <li key={p.code}>{t(`fitness.${p.code}`, { defaultValue: p.words })}</li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
    </header>
  );
}
