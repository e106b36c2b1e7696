import { Mail, Phone } from 'lucide-react';
import { useRoute } from 'wouter';
import { getPublicConfig } from '@/lib/public-config';
import { useDocumentTitle } from './use-document-title';

/**
 * /payment/:linkId and /payment-success (spec section 2). Online payment arrives in a later
 * release; until then each page says so plainly and tells the leaseholder how to reach the
 * office, rather than showing a form that does nothing. Public pages: no sidebar, no API calls.
 */
export default function PaymentRoutes() {
  const [isConfirmation] = useRoute('/payment-success');
  const { companyName, contactPhone, contactEmail } = getPublicConfig();
  const title = isConfirmation ? 'Payment confirmation' : 'Payment page';
  useDocumentTitle(title);

  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-10">
      <div className="w-full max-w-md rounded-xl border border-border bg-card p-6 text-center shadow-card sm:p-8">
        <p className="text-sm font-medium text-muted-foreground">{companyName}</p>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="mt-3 text-muted-foreground">
          {isConfirmation
            ? 'Online payment confirmations are coming soon. For a receipt or to check a payment, please contact us.'
            : 'Online payment is coming soon. To pay your balance or ask about it, please contact us.'}
        </p>
        <ul className="mt-6 flex flex-col gap-2 text-left">
          <li>
            <a
              href={`tel:${contactPhone.replace(/[^\d+]/g, '')}`}
              className="flex min-h-11 items-center gap-3 rounded-md border border-border px-4 font-medium text-primary hover:bg-muted"
            >
              <Phone aria-hidden="true" className="size-4 shrink-0" />
              <span>
                <span className="sr-only">Phone </span>
                {contactPhone}
              </span>
            </a>
          </li>
          <li>
            <a
              href={`mailto:${contactEmail}`}
              className="flex min-h-11 items-center gap-3 rounded-md border border-border px-4 font-medium break-all text-primary hover:bg-muted"
            >
              <Mail aria-hidden="true" className="size-4 shrink-0" />
              <span>
                <span className="sr-only">Email </span>
                {contactEmail}
              </span>
            </a>
          </li>
        </ul>
      </div>
    </main>
  );
}
