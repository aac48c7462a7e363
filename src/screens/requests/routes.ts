import { screen, type ScreenRoutes } from '../../app/screen-entry';

// The list and the new-request form share a chunk; the process screen (drawing, CSV import,
// the request machine) is its own, so opening the list never loads it.
export default {
  'manage.requests': screen('Project requests', () => import('./index').then((m) => ({ default: m.RequestsScreen }))),
  'manage.request.new': screen('New project request', () => import('./index').then((m) => ({ default: m.NewRequestScreen }))),
  'manage.request.process': screen('Process project request', () =>
    import('./process/process-screen').then((m) => ({ default: m.ProcessRequestScreen })),
  ),
} satisfies ScreenRoutes;
