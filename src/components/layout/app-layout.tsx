import { useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useSession } from '../../app/app-actor';
import { useLiveResults } from '../../app/live-results';
import { NoticeBanner } from '../../app/notice-banner';
import { Toaster } from '../toast';
import { MobileMenu } from './mobile-menu';
import { NavDrawer } from './nav-drawer';
import { TopBar } from './top-bar';

/** The frame of every signed-in screen: top bar, navigation drawer, content. */
export function AppLayout({ children }: { children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [pathname] = useLocation();
  // One live results subscription for every signed-in screen (src/app/live-results.ts).
  useLiveResults(useSession()?.user.id);

  // A navigation from inside the page (or a redirect) also closes the mobile menu: adjusted
  // while rendering the new location, so the menu is never drawn open over it.
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }

  return (
    <div className="min-h-dvh bg-background">
      <a
        href="#main"
        onClick={(e) => {
          // Focus only: a hash in the URL would be a navigation the machine has to judge.
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
        className="sr-only z-50 rounded bg-white px-3 py-2 text-primary focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <TopBar onOpenMenu={() => setMenuOpen(true)} />
      {/* At least a window tall, so the sidebar's white column runs to the foot of a short page too. */}
      <div className="flex min-h-[calc(100dvh-3.5rem)]">
        {/*
          The column (background and border) stretches to the page's full height; the menu inside
          stays in view while the page scrolls, and scrolls on its own in a window too short for it.
        */}
        <aside className="hidden w-60 shrink-0 border-r border-secondary-light bg-white sm:block">
          <div className="sticky top-14 max-h-[calc(100dvh-3.5rem)] overflow-y-auto">
            <NavDrawer />
          </div>
        </aside>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8">
          <div className="mx-auto max-w-6xl">
            <NoticeBanner className="mb-4" />
            {children}
          </div>
        </main>
      </div>
      <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} />
      <Toaster />
    </div>
  );
}
