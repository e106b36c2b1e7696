import { Route, Switch } from 'wouter';
import { MessageLogPage } from '@/features/message-log/components/message-log-page';
import { BatchPreviewPage } from '@/features/preview/components/batch-preview-page';
import { MessagePreviewPage } from '@/features/preview/components/message-preview-page';
import { TemplateManagerPage } from '@/features/templates/components/template-manager-page';
import { AdminLayout } from './admin-layout';
import { ProtectedRoute } from './protected-route';
import { DataProviders } from './providers';
import { ComingSoonPage } from './routes/coming-soon';
import { DashboardPage } from './routes/dashboard';
import { NotFoundPage } from './routes/not-found';
import { useDocumentTitle } from './use-document-title';

/** Admin pages not built yet (spec section 2): each says so under its own heading. */
const COMING_SOON_PAGES = [
  { path: '/upload', title: 'Bulk Upload' },
  { path: '/payments', title: 'Payment Status' },
];

function TemplatesPage() {
  useDocumentTitle('Message Templates');
  return <TemplateManagerPage />;
}

function SinglePreviewRoute() {
  useDocumentTitle('Message Preview');
  return <MessagePreviewPage />;
}

function BatchPreviewRoute() {
  useDocumentTitle('Batch Preview');
  return <BatchPreviewPage />;
}

function MessagesRoute() {
  useDocumentTitle('Message Log');
  return <MessageLogPage />;
}

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
          <Route path="/templates">
            <ProtectedRoute>
              <TemplatesPage />
            </ProtectedRoute>
          </Route>
          <Route path="/message-preview">
            <ProtectedRoute>
              <SinglePreviewRoute />
            </ProtectedRoute>
          </Route>
          <Route path="/message-preview-all">
            <ProtectedRoute>
              <BatchPreviewRoute />
            </ProtectedRoute>
          </Route>
          <Route path="/messages">
            <ProtectedRoute>
              <MessagesRoute />
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
