import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { STATION_LANGUAGES, type StationLanguage } from './words/i18n';

/** The station's language, chosen at the station and remembered with its jig. */
export function LanguageSwitch({ value, onChange }: { value: StationLanguage; onChange: (language: StationLanguage) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-gray-300">
        {t('language')}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as StationLanguage)}
        className="min-h-10 rounded-md border border-gray-500 bg-gray-900 px-2 text-base text-white"
      >
        {STATION_LANGUAGES.map((language) => (
          <option key={language} value={language}>
            {t(`languages.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
