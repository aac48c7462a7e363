import { REQUEST_STATUS_LABELS, REQUEST_STEP_LABELS, type ProjectRequest, type RequestStatus } from '../../../../contract/requests';
import { Badge, type BadgeTone } from '../../../components/badge';

const TONES: Record<RequestStatus, BadgeTone> = {
  submitted: 'info',
  in_review: 'warning',
  in_progress: 'neutral',
  completed: 'success',
  rejected: 'danger',
};

export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  return <Badge tone={TONES[status]}>{REQUEST_STATUS_LABELS[status]}</Badge>;
}

/** Where processing stands, in words: the step's label, or Done once the project exists. */
export const stepLabel = (step: ProjectRequest['step']) => (step === 'done' ? 'Done' : REQUEST_STEP_LABELS[step]);
