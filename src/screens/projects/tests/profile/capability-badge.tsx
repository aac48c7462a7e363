import { CAPABILITY_WORDS, capabilityLevel, type CapabilityLevel } from '../../../../../contract/process-capability';
import { Badge, type BadgeTone } from '../../../../components/badge';

const TONES: Record<CapabilityLevel, BadgeTone> = { ok: 'success', flag: 'warning', alarm: 'danger', wide: 'info' };

/** A Cpk or Ppk with its level in words (the colour only helps); `empty` where there is no figure. */
export function CapabilityBadge({ value, empty = '—' }: { value: number | null; empty?: string }) {
  if (value === null) return <span className="text-secondary">{empty}</span>;
  const level = capabilityLevel(value)!;
  return (
    <Badge tone={TONES[level]} className={level === 'wide' ? 'whitespace-normal' : undefined}>
      <span className="tabular-nums">{value.toFixed(2)}</span> {CAPABILITY_WORDS[level]}
    </Badge>
  );
}
