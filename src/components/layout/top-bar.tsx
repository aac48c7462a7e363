import { mdiAccountCircle, mdiChevronDown, mdiLogout, mdiMenu, mdiOfficeBuildingOutline } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { isSuperadmin } from '../../../contract/permissions';
import { companyOptions } from '../../api/companies';
import { appActor, useAppSelector, useSession } from '../../app/app-actor';
import { chunk, ChunkView } from '../../lib/chunk';
import { useChosenCompany } from '../../lib/company-context';
import { Icon } from '../icon';
import { Spinner } from '../spinner';
import { NotificationBell } from './notification-bell';

// The picker (a searched list in a dialog) loads when first opened, never with the login screen.
const companySwitcher = chunk(() => import('./company-switcher'));

/** A superadmin's company context, named in the top bar, with the way to change it. */
function CompanyContext({ userId }: { userId: number }) {
  const companyId = useChosenCompany(userId);
  const company = useQuery({ ...companyOptions(companyId ?? 0), enabled: !!companyId });
  const [open, setOpen] = useState(false);
  const name = companyId ? (company.data?.name ?? null) : null;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        title={name ? `Working on ${name}: change the company` : 'Choose the company to work on'}
        className="flex min-w-0 items-center gap-1 rounded-md px-2 py-1.5 text-sm hover:bg-white/15"
      >
        <Icon path={mdiOfficeBuildingOutline} size={20} />
        <span className="sr-only">Company: </span>
        <span className="max-w-[9rem] truncate font-medium sm:max-w-[14rem]">
          {companyId ? (name ?? '…') : 'Choose company'}
        </span>
        <Icon path={mdiChevronDown} size={16} className="shrink-0" />
      </button>
      {open ? (
        <ChunkView of={companySwitcher} props={{ userId, companyId, companyName: name, onClose: () => setOpen(false) }} waiting={null} />
      ) : null}
    </>
  );
}

type TopBarProps = { onOpenMenu: () => void };

export function TopBar({ onOpenMenu }: TopBarProps) {
  const session = useSession();
  const loggingOut = useAppSelector((s) => s.matches('loggingOut'));
  const superadmin = isSuperadmin(session?.user);
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-2 bg-primary px-2 text-white shadow sm:px-4">
      <button
        type="button"
        onClick={onOpenMenu}
        aria-label="Open menu"
        className="inline-flex size-10 items-center justify-center rounded-md hover:bg-white/15 sm:hidden"
      >
        <Icon path={mdiMenu} size={24} />
      </button>
      <Link href="/dashboard" className="px-1 text-lg font-semibold tracking-tight">
        Jigboard
      </Link>
      <div className="ml-auto flex min-w-0 items-center gap-1">
        {session && superadmin ? <CompanyContext userId={session.user.id} /> : null}
        {session ? <NotificationBell /> : null}
        {session ? (
          <Link
            href="/me"
            className="flex min-w-0 items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-white/15"
          >
            <Icon path={mdiAccountCircle} size={22} />
            {/* On a phone the bell sits beside it: the icon stands alone there, its name for readers. */}
            <span className="sr-only sm:not-sr-only sm:max-w-[14rem] sm:truncate">
              {session.user.username}
            </span>
          </Link>
        ) : null}
        <button
          type="button"
          onClick={() => appActor.send({ type: 'logout' })}
          disabled={loggingOut}
          aria-busy={loggingOut || undefined}
          className="inline-flex shrink-0 items-center gap-2 rounded-md px-2 py-1.5 text-sm font-medium hover:bg-white/15 disabled:opacity-70"
        >
          {loggingOut ? <Spinner className="size-4" /> : <Icon path={mdiLogout} size={20} />}
          {/* On a phone a superadmin's bar also names the company: the icons stand alone then. */}
          <span className={superadmin ? 'sr-only sm:not-sr-only' : undefined}>Log out</span>
        </button>
      </div>
    </header>
  );
}
