import { useRoute } from 'wouter';
import { CallMeNow } from '@/features/call-me-now/components/call-me-now';
import { paymentPagePath } from '@/features/payment/api/payment-api';
import { PaymentPage } from '@/features/payment/components/payment-page';
import { PaymentSuccessPage } from '@/features/payment/components/payment-success-page';
import { usePageData } from '@/lib/page-data';
import { PUBLIC_PAGE_TITLES } from '../../shared/page-data';
import { useDocumentTitle } from './use-document-title';

/**
 * /payment/:linkId and /payment-success (spec section 2): the leaseholder's pages, loaded on
 * their own so a phone never downloads the admin area. No sidebar, no admin session. Rendered on
 * the server first; the data the server rendered from is handed to the page it was for.
 */
export default function PaymentRoutes() {
  const [isPaymentPage, params] = useRoute('/payment/:linkId');
  const data = usePageData();
  useDocumentTitle(PUBLIC_PAGE_TITLES[isPaymentPage ? 'payment' : 'payment-success']);
  if (isPaymentPage) {
    const initial = data?.page === 'payment' && data.linkId === params.linkId ? data : undefined;
    // "Ask us to call me" on a link that cannot be paid: the landing page's Call Me Now form.
    const callMeNow = (
      <CallMeNow action={paymentPagePath(params.linkId)} initialAnswer={initial?.callMe} />
    );
    return <PaymentPage linkId={params.linkId} initial={initial} callMeNow={callMeNow} />;
  }
  return <PaymentSuccessPage initial={data?.page === 'payment-success' ? data : undefined} />;
}
