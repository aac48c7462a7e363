import type { TestProfileState } from '../../../../contract/test-profiles';
import { Badge, type BadgeTone } from '../../../components/badge';

const TONES: Record<TestProfileState, BadgeTone> = { active: 'success', draft: 'info', archived: 'muted' };
const LABELS: Record<TestProfileState, string> = { active: 'Active', draft: 'Draft', archived: 'Archived' };

export function TestProfileStatusBadge({ state }: { state: TestProfileState }) {
  return <Badge tone={TONES[state]}>{LABELS[state]}</Badge>;
}
