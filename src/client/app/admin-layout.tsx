import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useAuthStatus } from '@/features/auth/api/get-auth-status';
import { useSignInAgainOn401 } from '@/features/auth/api/use-sign-in-again-on-401';
import { DemoModeBanner } from '@/features/system/components/demo-mode-banner';
import { SampleSettingsBanner } from '@/features/system/components/sample-settings-banner';
import { MobileNav } from './mobile-nav';
import { SidebarPanel } from './sidebar';
import { isSidebarShown } from './sidebar-visibility';
import { useScrollToTop } from './use-scroll-to-top';

const MAIN_ID = 'main-content';

function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      className="sr-only z-50 rounded-md bg-card px-4 py-3 font-medium text-primary shadow-card focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      Skip to main content
    </a>
  );
}

/**
 * The frame around every admin-area page. Signed-in staff get the sidebar (a top bar with a
 * menu on phones) and the demo-mode banner; anyone else gets the page alone, which for a
 * protected page is the login form.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  const auth = useAuthStatus();
  useSignInAgainOn401();
  useScrollToTop();

  if (!isSidebarShown(path, auth.data?.isAuthenticated === true)) {
    return (
      <main id={MAIN_ID} tabIndex={-1} className="min-h-dvh outline-none">
        {children}
      </main>
    );
  }

  return (
    <div className="min-h-dvh lg:flex">
      <SkipLink />
      <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 border-r border-border bg-card lg:block">
        <SidebarPanel />
      </aside>
      <MobileNav />
      <div className="flex min-w-0 flex-1 flex-col">
        <DemoModeBanner />
        <SampleSettingsBanner />
        <main
          id={MAIN_ID}
          tabIndex={-1}
          className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-8"
        >
          {children}
        </main>
      </div>
    </div>
  );
}
