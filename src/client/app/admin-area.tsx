import { Route, Switch } from 'wouter';
import { AdminLayout } from './admin-layout';
import { ProtectedRoute } from './protected-route';
import { DataProviders } from './providers';
import { ComingSoonPage } from './routes/coming-soon';
import { DashboardPage } from './routes/dashboard';
import { NotFoundPage } from './routes/not-found';

/** Admin pages not built yet (spec section 2): each says so under its own heading. */
const COMING_SOON_PAGES = [
  { path: '/upload', title: 'Bulk Upload' },
  { path: '/payments', title: 'Payment Status' },
  { path: '/templates', title: 'Templates' },
  { path: '/message-preview', title: 'Message Preview' },
  { path: '/message-preview-all', title: 'Batch Preview' },
];

/**
 * Every path but the public ones (see router.tsx): the admin pages, each behind the login, and
 * the 404 page, which sits in the admin layout so a signed-in user keeps the sidebar there.
 */
export default function AdminArea() {
  return (
    <DataProviders>
      <AdminLayout>
        <Switch>
          <Route path="/admin">
            <ProtectedRoute>
              <DashboardPage />
            </ProtectedRoute>
          </Route>
          <Route path="/dashboard">
            <ProtectedRoute>
              <DashboardPage />
            </ProtectedRoute>
          </Route>
          {COMING_SOON_PAGES.map(({ path, title }) => (
            <Route key={path} path={path}>
              <ProtectedRoute>
                <ComingSoonPage title={title} />
              </ProtectedRoute>
            </Route>
          ))}
          <Route>
            <NotFoundPage />
          </Route>
        </Switch>
      </AdminLayout>
    </DataProviders>
  );
}
