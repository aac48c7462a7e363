import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../api/query-client';
import { LeaveConfirmDialog } from './leave-confirm-dialog';
import { PreloadBanner } from './preload-banner';
import { AppRouter } from './router';
import { RouteView } from './route-view';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppRouter>
        <PreloadBanner />
        <RouteView />
        <LeaveConfirmDialog />
      </AppRouter>
    </QueryClientProvider>
  );
}
