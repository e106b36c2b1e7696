import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { PageSpinner } from '@/components/ui/spinner';
import { LandingPage } from '@/features/landing/components/landing-page';

// Everything but the landing page loads on demand, so a leaseholder's phone downloads only
// what the page in front of them needs (ARCHITECTURE section 8: public JS budget).
const PaymentRoutes = lazy(() => import('./payment-routes'));
const AdminArea = lazy(() => import('./admin-area'));

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
