import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { de } from './de';
import { en } from './en';

/**
 * The station's i18next: imported by the station's screen alone, so the library travels in its
 * lazy chunk and never in the app's first bundle. One instance per station (not the global one),
 * its language chosen at the station and remembered with the jig.
 */
export const STATION_LANGUAGES = ['en', 'de'] as const;
export type StationLanguage = (typeof STATION_LANGUAGES)[number];

export const isStationLanguage = (value: unknown): value is StationLanguage => STATION_LANGUAGES.includes(value as StationLanguage);

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en };
  }
}

export function createStationI18n(language: StationLanguage): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: { en: { translation: en }, de: { translation: de } },
    lng: language,
    fallbackLng: 'en',
    // React escapes what it renders; escaping here too would show `&amp;`.
    interpolation: { escapeValue: false },
    // The catalogues are here already: ready before the first render.
    initAsync: false,
  });
  return instance;
}
