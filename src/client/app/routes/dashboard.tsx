import { CallbackRequestsCard } from '@/features/callback-requests/components/callback-requests-card';
import { useDocumentTitle } from '../use-document-title';
import { PageHeader } from './page-header';

/** /admin and /dashboard. The spec's stat cards and lists arrive with their own API in a later release. */
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  return (
    <>
      <PageHeader title="Dashboard" />
      <CallbackRequestsCard />
    </>
  );
}
