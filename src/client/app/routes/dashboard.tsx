import { useState } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { toast } from '@/components/ui/toaster';
import { CallbackRequestsCard } from '@/features/callback-requests/components/callback-requests-card';
import { useDashboardStats } from '@/features/dashboard/api/get-dashboard';
import { ExpiringLinksCard } from '@/features/dashboard/components/expiring-links-card';
import { RecentPaymentsCard } from '@/features/dashboard/components/recent-payments-card';
import { StatCards } from '@/features/dashboard/components/stat-cards';
import { useRenewPaymentLink } from '@/features/payment-links/api/renew-payment-link';
import { errorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '../use-document-title';
import { PageHeader } from './page-header';

/** /admin and /dashboard (spec section 2): the figures, recent payments, expiry alerts, call-backs. */
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const stats = useDashboardStats();
  const renew = useRenewPaymentLink();
  const [renewingId, setRenewingId] = useState<string | null>(null);

  const onRenew = (id: string) => {
    setRenewingId(id);
    renew.mutate(id, {
      onSuccess: () =>
        toast.success('Payment link renewed', {
          description: 'A new payment link has been generated and sent to the tenant.',
        }),
      onError: (error) =>
        toast.error('Failed to renew link', {
          description: errorMessage(error, 'Something went wrong'),
        }),
      onSettled: () => setRenewingId(null),
    });
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Dashboard" />
      {stats.isError ? (
        <Alert variant="destructive">
          <AlertDescription>
            Failed to load dashboard data. Please refresh the page or contact support if the problem
            persists.
          </AlertDescription>
        </Alert>
      ) : (
        <StatCards stats={stats.data} />
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <RecentPaymentsCard />
        <ExpiringLinksCard renewingId={renewingId} onRenew={onRenew} />
      </div>
      <CallbackRequestsCard />
    </div>
  );
}
