import { PROVISIONING_LABELS, type Enclosure, type Provisioning } from '../../../contract/enclosures';
import { Badge, type BadgeTone } from '../../components/badge';
import { formatDateTime, formatRelative } from '../../lib/format';

const TONES: Record<Provisioning, BadgeTone> = { unprovisioned: 'muted', provisioned: 'success', revoked: 'danger' };

export function ProvisioningBadge({ state }: { state: Provisioning }) {
  return <Badge tone={TONES[state]}>{PROVISIONING_LABELS[state]}</Badge>;
}

/** "Online" (seen in the last 15 minutes) or when it was last seen. */
export function LastSeen({ enclosure }: { enclosure: Pick<Enclosure, 'last_seen_at' | 'online'> }) {
  if (!enclosure.last_seen_at) return <span className="text-secondary">Never</span>;
  return (
    // The state never breaks inside a word; the time wraps below it in a narrow card.
    <span className="inline-flex flex-wrap items-center gap-x-1.5" title={formatDateTime(enclosure.last_seen_at)}>
      <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
        <span aria-hidden className={`inline-block size-2 rounded-full ${enclosure.online ? 'bg-primary' : 'bg-gray-300'}`} />
        {enclosure.online ? 'Online' : 'Offline'}
      </span>
      <span className="text-xs whitespace-nowrap text-secondary">{formatRelative(enclosure.last_seen_at)}</span>
    </span>
  );
}

/** A firmware version: an update's sha256 is shortened (the full hash on hover), a seeded version shown as it is. */
export function FirmwareVersion({ version }: { version: string | null }) {
  if (!version) return <span className="text-secondary">Unknown</span>;
  if (/^[0-9a-f]{64}$/.test(version)) {
    return (
      <code className="text-xs" title={`sha256 ${version}`}>
        sha256 {version.slice(0, 12)}…
      </code>
    );
  }
  return <span>{version}</span>;
}
