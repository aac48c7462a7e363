import { useTranslation } from 'react-i18next';
import { appActor, useNavigate } from '../../app/app-actor';
import { LanguageSwitch } from './language-switch';
import type { StationLanguage } from './words/i18n';

const barButton =
  'min-h-10 rounded-md border-2 border-gray-400 px-3 text-base font-semibold hover:border-white focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-sky-400';

/**
 * The station's own top line (it has no app menu): its language, the way to the rest of the app
 * (read boards, statistics), and Log out at the end of a shift.
 */
export function StationBar({ language, onLanguage }: { language: StationLanguage; onLanguage: (language: StationLanguage) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="flex flex-wrap items-center gap-3 border-b border-gray-700 bg-black px-4 py-2 sm:px-6">
      <p className="text-lg font-bold">Jigboard · {t('title')}</p>
      <div className="ml-auto flex flex-wrap items-center gap-3">
        <LanguageSwitch value={language} onChange={onLanguage} />
        <button type="button" className={barButton} onClick={() => navigate('/dashboard')}>
          {t('bar.leave')}
        </button>
        <button type="button" className={barButton} onClick={() => appActor.send({ type: 'logout' })}>
          {t('bar.logout')}
        </button>
      </div>
    </div>
  );
}
