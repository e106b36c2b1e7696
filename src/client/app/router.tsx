import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { PageSpinner } from '@/components/ui/spinner';
import { preloadable } from './preloadable';
import { LandingPage } from './routes/landing';

// Everything but the landing page loads on demand, so a leaseholder's phone downloads only
// what the page in front of them needs (ARCHITECTURE section 8: public JS budget).
const PaymentRoutes = preloadable(async () => {
  const module = await import('./payment-routes');
  await module.prepareFirstRender(window.location.pathname);
  return module;
});
const AdminArea = preloadable(() => import('./admin-area'));

/**
 * Loads the chunk of the page at `path` (the table below), for main.tsx to await before the
 * first render (preloadable.ts). The landing page has none.
 */
export function preloadPageFor(path: string): Promise<void> {
  if (path === '/') return Promise.resolve();
  const isPaymentPage = /^\/payment(\/[^/]+|-success)\/?$/i.test(path);
  return isPaymentPage ? PaymentRoutes.preload() : AdminArea.preload();
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
