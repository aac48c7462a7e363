import { mdiLockOutline } from '@mdi/js';
import { allListed, ROLE_LABELS } from '../../contract/labels';
import { PERMISSIONS, isSuperadmin, type Owner, type Permission } from '../../contract/permissions';
import { useSession } from '../app/app-actor';
import { cx } from '../lib/cx';
import { Icon } from './icon';

/** "administrators", from the one table of role names. */
const people = (role: keyof typeof ROLE_LABELS) => `${ROLE_LABELS[role].toLowerCase()}s`;

/**
 * Who may, in words, from the permission itself: "Only administrators and engineers can create
 * release batches." Someone of another company (a manufacturer who joined the project) reads
 * "Only administrators and engineers of the project’s company can …", since their own roles do
 * not count there (contract/permissions.ts).
 */
export function whoMay(permission: Permission, action: string, viewer?: { company_id: number; roles: readonly { slug: string }[] } | null, owner?: Owner & { named?: string }) {
  const access = PERMISSIONS[permission];
  if (access.who !== 'roles') return `Only the platform’s administrators can ${action}.`;
  const who = allListed(access.roles.map(people));
  const elsewhere = viewer && owner && viewer.company_id !== owner.company_id && !isSuperadmin(viewer);
  return elsewhere ? `Only ${who} of ${owner.named ?? 'the owning company'} can ${action}.` : `Only ${who} can ${action}.`;
}

type RoleNoteProps = {
  permission: Permission;
  /** What the missing controls do, after "can": "create release batches". */
  action: string;
  /** The row's owner; `named` says whose company it is, e.g. "the project’s company". */
  owner?: Owner & { named?: string };
  className?: string;
};

/**
 * In place of the controls a role may not use, why they are missing: a list with no actions and
 * no word on it reads as broken. The caller decides when (it knows which controls it hid).
 */
export function RoleNote({ permission, action, owner, className }: RoleNoteProps) {
  const session = useSession();
  return (
    <p className={cx('flex items-center gap-2 text-sm text-secondary', className)}>
      <Icon path={mdiLockOutline} size={16} className="shrink-0" />
      {whoMay(permission, action, session?.user, owner)}
    </p>
  );
}
