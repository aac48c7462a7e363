import {
  mdiAccountMultiple,
  mdiChartLine,
  mdiChip,
  mdiCogs,
  mdiDevices,
  mdiDomain,
  mdiFolderMultipleOutline,
  mdiFunctionVariant,
  mdiInboxArrowDown,
  mdiMemory,
  mdiPowerPlug,
  mdiServer,
  mdiServerNetwork,
  mdiShapeOutline,
  mdiTrayFull,
  mdiUpdate,
  mdiTagMultipleOutline,
  mdiViewDashboard,
  mdiBarcodeScan,
  mdiCassette,
} from '@mdi/js';

export type NavItem = {
  label: string;
  href: string;
  icon: string;
  /** Other paths that count as this item, e.g. `/Dash` for the dashboard. */
  aliases?: string[];
};

/** Hrefs follow machines/routes.ts. */
export const mainNav: NavItem[] = [
  { label: 'Dashboard', href: '/dashboard', icon: mdiViewDashboard, aliases: ['/Dash'] },
  { label: 'Projects', href: '/projects', icon: mdiFolderMultipleOutline },
  { label: 'Enclosures', href: '/enclosures', icon: mdiServer },
  { label: 'Cassettes', href: '/cassettes', icon: mdiCassette },
  { label: 'Configurations', href: '/configurations', icon: mdiCogs },
  { label: 'Statistics', href: '/statistics', icon: mdiChartLine },
  { label: 'Station', href: '/station', icon: mdiBarcodeScan },
  { label: 'Users', href: '/users', icon: mdiAccountMultiple },
  { label: 'Failure codes', href: '/failure-codes', icon: mdiTagMultipleOutline },
];

/**
 * The superadmin's area; the guard keeps everyone else out whatever the menu shows. A superadmin
 * sees both menus, so an item here that lists every company's rows says "All …" beside the main
 * menu's one company's view; each label is the title of the page it opens.
 */
export const manageNav: NavItem[] = [
  { label: 'Project requests', href: '/manage/requests', icon: mdiInboxArrowDown },
  { label: 'Companies', href: '/manage/companies', icon: mdiDomain },
  { label: 'All enclosures', href: '/manage/enclosures', icon: mdiServerNetwork },
  { label: 'Enclosure updates', href: '/manage/enclosure-updates', icon: mdiUpdate },
  { label: 'Cartridge types', href: '/manage/cartridgetypes', icon: mdiShapeOutline },
  { label: 'Cartridges', href: '/manage/cartridges', icon: mdiChip },
  { label: 'All cassettes', href: '/manage/cassettes', icon: mdiTrayFull },
  { label: 'Resources', href: '/manage/resources', icon: mdiPowerPlug },
  { label: 'Test functions', href: '/manage/testfunctions', icon: mdiFunctionVariant },
  { label: 'AMS modules', href: '/manage/amsmodules', icon: mdiMemory },
  { label: 'Devices', href: '/manage/devices', icon: mdiDevices },
];

/** An item stays marked on its own pages too: `/users/5` is under Users. */
export function isActive(item: NavItem, pathname: string): boolean {
  return [item.href, ...(item.aliases ?? [])].some((p) => pathname === p || pathname.startsWith(`${p}/`));
}
