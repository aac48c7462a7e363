import type { TFunction } from 'i18next';
import type { FailingStep } from '../../../contract/station';

/** A number as the operator reads it: the language's decimal mark, no float noise (3.3000000004). */
export const formatValue = (value: number, language: string) =>
  new Intl.NumberFormat(language, { maximumSignificantDigits: 6 }).format(value);

const withUnit = (text: string, unit: string) => (unit ? `${text} ${unit}` : text);

/** What was measured, in words: "3.61 V", or "no value" when the step measured nothing. */
export function measuredWords(step: FailingStep, t: TFunction, language: string): string {
  return step.measured === null ? t('fail.noValue') : withUnit(formatValue(step.measured, language), step.unit);
}

/** The step's limits in words; either may be open: "3.2 to 3.4 V", "at least 3.2 V", "none". */
export function limitWords(step: FailingStep, t: TFunction, language: string): string {
  const low = step.low === null ? null : formatValue(step.low, language);
  const high = step.high === null ? null : formatValue(step.high, language);
  if (low !== null && high !== null) return withUnit(t('fail.between', { low, high }), step.unit);
  if (low !== null) return withUnit(t('fail.atLeast', { low }), step.unit);
  if (high !== null) return withUnit(t('fail.atMost', { high }), step.unit);
  return t('fail.noLimits');
}
