import type { TestProfileStatus } from '../../../../contract/test-profiles';
import { Badge, type BadgeTone } from '../../../components/badge';

const TONES: Record<TestProfileStatus, BadgeTone> = { active: 'success', draft: 'info', archived: 'muted' };
const LABELS: Record<TestProfileStatus, string> = { active: 'Active', draft: 'Draft', archived: 'Archived' };

export function TestProfileStatusBadge({ status }: { status: TestProfileStatus }) {
  return <Badge tone={TONES[status]}>{LABELS[status]}</Badge>;
}
