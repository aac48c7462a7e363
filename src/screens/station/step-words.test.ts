import { describe, expect, it } from 'vitest';
import { limitWords, measuredWords } from './step-words';
import { createStationI18n } from './words/i18n';

const step = { name: 'VCC 3V3', measured: 3.61, low: 3.2, high: 3.4, unit: 'V' };

describe('a failing step in words', () => {
  const en = createStationI18n('en');
  const de = createStationI18n('de');

  it('says what was measured with its unit, in the language of the station', () => {
    expect(measuredWords(step, en.t, 'en')).toBe('3.61 V');
    expect(measuredWords(step, de.t, 'de')).toBe('3,61 V');
    expect(measuredWords({ ...step, measured: null }, en.t, 'en')).toBe('no value');
  });

  it('says both limits, one open limit or none', () => {
    expect(limitWords(step, en.t, 'en')).toBe('3.2 to 3.4 V');
    expect(limitWords({ ...step, high: null }, en.t, 'en')).toBe('at least 3.2 V');
    expect(limitWords({ ...step, low: null }, de.t, 'de')).toBe('höchstens 3,4 V');
    expect(limitWords({ ...step, low: null, high: null }, en.t, 'en')).toBe('none');
    expect(limitWords({ ...step, unit: '' }, en.t, 'en')).toBe('3.2 to 3.4');
  });
});
