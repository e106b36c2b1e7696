import { type ComponentProps, Suspense } from 'react';
import { useRoute } from 'wouter';
import type { CallMeNow as CallMeNowForm } from '@/features/call-me-now/components/call-me-now';
import { paymentPagePath } from '@/features/payment/api/payment-api';
import { PaymentPage } from '@/features/payment/components/payment-page';
import { PaymentSuccessPage } from '@/features/payment/components/payment-success-page';
import { usePageData } from '@/lib/page-data';
import { PUBLIC_PAGE_TITLES } from '../../shared/page-data';
import { preloadable } from './preloadable';
import { useDocumentTitle } from './use-document-title';

/**
 * "Ask us to call me" appears only on a link that cannot be paid, so its form loads on its own:
 * a phone paying its balance never downloads it. The server loads it before rendering such a
 * page (`prepareServerRender`); in the browser the page keeps the server's markup until it comes.
 */
const CallMeNow = preloadable<ComponentProps<typeof CallMeNowForm>>(() =>
  import('@/features/call-me-now/components/call-me-now').then((module) => ({
    default: module.CallMeNow,
  })),
);

/** What the server loads before rendering a payment page (entry-server.tsx). */
export function prepareServerRender(): Promise<void> {
  return CallMeNow.preload();
}

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
      <Suspense fallback={null}>
        <CallMeNow action={paymentPagePath(params.linkId)} initialAnswer={initial?.callMe} />
      </Suspense>
    );
    return <PaymentPage linkId={params.linkId} initial={initial} callMeNow={callMeNow} />;
  }
  return <PaymentSuccessPage initial={data?.page === 'payment-success' ? data : undefined} />;
}
