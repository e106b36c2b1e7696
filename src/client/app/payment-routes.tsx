import { useRoute } from 'wouter';
import { PaymentPage } from '@/features/payment/components/payment-page';
import { PaymentSuccessPage } from '@/features/payment/components/payment-success-page';
import { useDocumentTitle } from './use-document-title';

/**
 * /payment/:linkId and /payment-success (spec section 2): the leaseholder's pages, loaded on
 * their own so a phone never downloads the admin area. No sidebar, no admin session.
 */
export default function PaymentRoutes() {
  const [isPaymentPage, params] = useRoute('/payment/:linkId');
  useDocumentTitle(isPaymentPage ? 'Pay your balance' : 'Payment confirmation');
  return isPaymentPage ? <PaymentPage linkId={params.linkId} /> : <PaymentSuccessPage />;
}
