import { screen, type ScreenRoutes } from '../../app/screen-entry';

const dashboard = screen('Dashboard', () => import('./dashboard-screen').then((m) => ({ default: m.DashboardScreen })));

/** The Dashboard is also reachable as `/Dash` (SPEC §2): the same screen, not a copy. */
export default { dashboard, Dash: dashboard } satisfies ScreenRoutes;
