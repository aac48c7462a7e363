import { Link, useLocation } from 'wouter';
import { useSession } from '../../app/app-actor';
import { cx } from '../../lib/cx';
import { isSuperadmin } from '../../../contract/permissions';
import { guard } from '../../../machines/guard';
import { Icon } from '../icon';
import { isActive, mainNav, manageNav, type NavItem } from './nav-items';

type NavDrawerProps = {
  /** Called after a link is chosen; the mobile menu closes itself with it. */
  onNavigate?: () => void;
};

function NavList({ items, pathname, onNavigate }: { items: NavItem[]; pathname: string; onNavigate?: () => void }) {
  return (
    <ul className="flex flex-col">
      {items.map((item) => {
        const active = isActive(item, pathname);
        return (
          <li key={item.href}>
            <Link
              href={item.href}
              onClick={onNavigate}
              aria-current={active ? 'page' : undefined}
              className={cx(
                // 36 px a line: the superadmin's two menus fit a window 800 px high.
                'flex min-h-9 items-center gap-3 rounded-md px-3 py-1.5 text-sm',
                active ? 'bg-primary-light font-semibold text-primary-dark' : 'text-gray-700 hover:bg-secondary-light',
              )}
            >
              <Icon path={item.icon} className={active ? 'text-primary' : 'text-secondary'} />
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** The app's navigation, shared by the side drawer and the mobile menu. */
export function NavDrawer({ onNavigate }: NavDrawerProps) {
  const [pathname] = useLocation();
  const session = useSession();
  return (
    <nav aria-label="Main" className="flex flex-col gap-4 p-3">
      {/* Only what the guard lets this user open: the station is for the company roles that scan. */}
      <NavList items={mainNav.filter((item) => guard(item.href, null, session?.user ?? null).kind === 'allow')} pathname={pathname} onNavigate={onNavigate} />
      {isSuperadmin(session?.user) ? (
        <div role="group" aria-labelledby="nav-manage">
          <h2 id="nav-manage" className="mb-1 px-3 text-xs font-semibold tracking-wide text-secondary uppercase">
            Manage
          </h2>
          <NavList items={manageNav} pathname={pathname} onNavigate={onNavigate} />
        </div>
      ) : null}
    </nav>
  );
}
