import { useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { RenewConfirmDialog } from '@/components/renew-confirm-dialog';
import { CallbackRequestsCard } from '@/features/callback-requests/components/callback-requests-card';
import { DisputesCard } from '@/features/dashboard/components/disputes-card';
import { ExpiringLinksCard } from '@/features/dashboard/components/expiring-links-card';
import { RecentPaymentsCard } from '@/features/dashboard/components/recent-payments-card';
import { RepliesCard } from '@/features/dashboard/components/replies-card';
import { DashboardFigures } from '@/features/dashboard/components/stat-cards';
import { UnsentUploadsCard } from '@/features/dashboard/components/unsent-uploads-card';
import { useRenewPaymentLink } from '@/features/payment-links/api/renew-payment-link';
import { useDocumentTitle } from '../use-document-title';

/**
 * /admin and /dashboard (spec section 2): the figures, uploads not sent, disputed payments to
 * answer and leaseholders' replies to read (when there are any), recent payments, expiry alerts
 * with Payment Status's Renew, and the call-back requests, each from its own feature.
 */
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const { renew, renewingId } = useRenewPaymentLink();
  const [confirmingId, setConfirmingId] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Dashboard" />
      <DashboardFigures />
      <UnsentUploadsCard />
      <DisputesCard />
      <RepliesCard />
      <div className="grid gap-6 lg:grid-cols-2">
        <RecentPaymentsCard />
        <ExpiringLinksCard renewingId={renewingId} onRenew={setConfirmingId} />
      </div>
      <CallbackRequestsCard />
      <RenewConfirmDialog
        linkId={confirmingId}
        isRenewing={renewingId !== null && renewingId === confirmingId}
        onConfirm={(id) => renew(id, { onSettled: () => setConfirmingId(null) })}
        onCancel={() => setConfirmingId(null)}
      />
    </div>
  );
}
