import { COMPANY_ROLE_SLUGS } from '../../../../contract/roles';
import { INVITE_STATUSES, type InviteStatus } from '../../../../contract/invites';
import { Badge, type BadgeTone } from '../../../components/badge';
import type { SelectOption } from '../../../components/form/select-field';
import { titleCase } from '../../../lib/format';
import { ROLE_LABELS } from '../../../../contract/labels';

const TONES: Record<InviteStatus, BadgeTone> = {
  pending: 'info',
  accepted: 'success',
  revoked: 'muted',
  expired: 'warning',
};

export const INVITE_STATUS_OPTIONS: SelectOption[] = INVITE_STATUSES.map((s) => ({ value: s, label: titleCase(s) }));

export function InviteStatusBadge({ status }: { status: InviteStatus }) {
  return <Badge tone={TONES[status]}>{titleCase(status)}</Badge>;
}

/** The roles an invitation can give; `admin` only when the inviter may make admins. */
export function inviteRoleOptions(mayInviteAdmins: boolean): SelectOption[] {
  return COMPANY_ROLE_SLUGS.filter((slug) => slug !== 'admin' || mayInviteAdmins).map((slug) => ({
    value: slug,
    label: ROLE_LABELS[slug],
  }));
}
