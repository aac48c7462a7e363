import { mdiAccountCircle, mdiLogout, mdiMenu } from '@mdi/js';
import { Link } from 'wouter';
import { appActor, useAppSelector, useSession } from '../../app/app-actor';
import { Icon } from '../icon';
import { Spinner } from '../spinner';

type TopBarProps = { onOpenMenu: () => void };

export function TopBar({ onOpenMenu }: TopBarProps) {
  const session = useSession();
  const loggingOut = useAppSelector((s) => s.matches('loggingOut'));
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
        {session ? (
          <Link
            href="/me"
            className="flex min-w-0 items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-white/15"
          >
            <Icon path={mdiAccountCircle} size={22} />
            <span className="max-w-[7rem] truncate sm:max-w-[14rem]">{session.user.username}</span>
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
          Log out
        </button>
      </div>
    </header>
  );
}
