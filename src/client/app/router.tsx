import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { PageSpinner } from '@/components/ui/spinner';
import { preloadable } from './preloadable';

// Every page loads on demand, so a leaseholder's phone downloads only what the page in front of
// them needs (ARCHITECTURE section 8: public JS budget): the payment page does not carry the
// landing page's code, nor the landing page the payment page's.
const LandingPage = preloadable(() => import('./routes/landing'));
const PaymentRoutes = preloadable(() => import('./payment-routes'));
const AdminArea = preloadable(() => import('./admin-area'));

/** The leaseholder's pages: rendered on the server too (entry-server.tsx). */
export function isPaymentPagePath(path: string): boolean {
  return /^\/payment(\/[^/]+|-success)\/?$/i.test(path);
}

/**
 * Loads the chunk of the page at `path` (the table below), for main.tsx to await before the
 * first render and the server before rendering (preloadable.ts).
 */
export function preloadPageFor(path: string): Promise<void> {
  if (path === '/') return LandingPage.preload();
  return isPaymentPagePath(path) ? PaymentRoutes.preload() : AdminArea.preload();
}

/**
 * Spec section 2's route table. The admin area owns every other path, including the 404 page,
 * because a signed-in user sees the sidebar there too.
 */
export function AppRouter() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        <Route path="/" component={LandingPage} />
        <Route path="/payment/:linkId" component={PaymentRoutes} />
        <Route path="/payment-success" component={PaymentRoutes} />
        <Route component={AdminArea} />
      </Switch>
    </Suspense>
  );
}
