import { Route, Switch } from 'wouter';
import { PageHeader } from '@/components/page-header';
import { LeaseholderPage } from '@/features/leaseholders/components/leaseholder-page';
import { LeaseholdersPage } from '@/features/leaseholders/components/leaseholders-page';
import { MessageLogPage } from '@/features/message-log/components/message-log-page';
import { PaymentStatusPage } from '@/features/payment-links/components/payment-status-page';
import { BatchPreviewPage } from '@/features/preview/components/batch-preview-page';
import { MessagePreviewPage } from '@/features/preview/components/message-preview-page';
import { SystemPage } from '@/features/system/components/system-page';
import { TemplateManagerPage } from '@/features/templates/components/template-manager-page';
import { UploadPage } from '@/features/upload/components/upload-page';
import { AdminLayout } from './admin-layout';
import { ProtectedRoute } from './protected-route';
import { DataProviders } from './providers';
import { DashboardPage } from './routes/dashboard';
import { NotFoundPage } from './routes/not-found';
import { useDocumentTitle } from './use-document-title';

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

function UploadRoute() {
  useDocumentTitle('Bulk Upload');
  return (
    <>
      <PageHeader title="Bulk Upload" />
      <UploadPage />
    </>
  );
}

function PaymentsRoute() {
  useDocumentTitle('Payment Status');
  return (
    <>
      <PageHeader title="Payment Status" description="Track and manage tenant payment links" />
      <PaymentStatusPage />
    </>
  );
}

function LeaseholdersRoute() {
  useDocumentTitle('Leaseholders');
  return <LeaseholdersPage />;
}

function LeaseholderRoute({ id }: { id: string }) {
  useDocumentTitle('Leaseholder');
  // A new key per account, so moving from one leaseholder to another starts a fresh page.
  return <LeaseholderPage key={id} id={id} />;
}

function MessagesRoute() {
  useDocumentTitle('Message Log');
  return <MessageLogPage />;
}

function SystemRoute() {
  useDocumentTitle('System');
  return <SystemPage />;
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
          <Route path="/upload">
            <ProtectedRoute>
              <UploadRoute />
            </ProtectedRoute>
          </Route>
          <Route path="/payments">
            <ProtectedRoute>
              <PaymentsRoute />
            </ProtectedRoute>
          </Route>
          <Route path="/leaseholders">
            <ProtectedRoute>
              <LeaseholdersRoute />
            </ProtectedRoute>
          </Route>
          <Route path="/leaseholders/:id">
            {(params) => (
              <ProtectedRoute>
                <LeaseholderRoute id={params.id} />
              </ProtectedRoute>
            )}
          </Route>
          <Route path="/messages">
            <ProtectedRoute>
              <MessagesRoute />
            </ProtectedRoute>
          </Route>
          <Route path="/system">
            <ProtectedRoute>
              <SystemRoute />
            </ProtectedRoute>
          </Route>
          <Route>
            <NotFoundPage />
          </Route>
        </Switch>
      </AdminLayout>
    </DataProviders>
  );
}
