import { load, save } from '../../lib/storage';
import { isStationLanguage, type StationLanguage } from './words/i18n';

/** What this browser remembers of its station: the jig it stands at and the station's language. */
export type StationSettings = { jigId: number | null; language: StationLanguage };

export const STATION_KEY = 'jigboard-station';

export function loadStationSettings(): StationSettings {
  const stored = load<Partial<StationSettings>>(STATION_KEY);
  const jigId = typeof stored?.jigId === 'number' && Number.isInteger(stored.jigId) && stored.jigId > 0 ? stored.jigId : null;
  return { jigId, language: isStationLanguage(stored?.language) ? stored.language : 'en' };
}

export function saveStationSettings(settings: StationSettings): void {
  try {
    save(STATION_KEY, settings);
  } catch {
    // Storage unavailable (a privacy mode): the station still works, it only forgets.
  }
}
