import { useRoute } from 'wouter';
import { readLinkFirst } from '@/features/payment/api/payment-api';
import { PaymentPage } from '@/features/payment/components/payment-page';
import { PaymentSuccessPage } from '@/features/payment/components/payment-success-page';
import { linkIdOfPage } from '../../shared/payment-page';
import { useDocumentTitle } from './use-document-title';

/**
 * What this page needs before its first render (router.tsx): a payment page's link, so that the
 * page renders with the balance rather than a placeholder first.
 */
export function prepareFirstRender(pathname: string): Promise<void> {
  const linkId = linkIdOfPage(pathname);
  return linkId ? readLinkFirst(linkId) : Promise.resolve();
}

/**
 * /payment/:linkId and /payment-success (spec section 2): the leaseholder's pages, loaded on
 * their own so a phone never downloads the admin area. No sidebar, no admin session.
 */
export default function PaymentRoutes() {
  const [isPaymentPage, params] = useRoute('/payment/:linkId');
  useDocumentTitle(isPaymentPage ? 'Pay your balance' : 'Payment confirmation');
  return isPaymentPage ? <PaymentPage linkId={params.linkId} /> : <PaymentSuccessPage />;
}
