import type { TestFunctionParameter } from '../../../contract/test-functions';

/** "3.2 … 3.4 V", "≤ 250 mA", "≥ 5 mA", or the unit alone (in brackets) when there are no limits. */
export function parameterLimits(p: TestFunctionParameter): string {
  const unit = p.unit ? ` ${p.unit}` : '';
  if (p.default_low !== null && p.default_high !== null) return `${p.default_low} … ${p.default_high}${unit}`;
  if (p.default_low !== null) return `≥ ${p.default_low}${unit}`;
  if (p.default_high !== null) return `≤ ${p.default_high}${unit}`;
  return p.unit ? `(${p.unit})` : '';
}
