import LoaderCircle from 'lucide-react/icons/loader-circle';
import type { PaymentMethod } from '../../../../shared/payment-page';

const FIELDS: Record<PaymentMethod, { label: string; placeholder: string }[]> = {
  card: [
    { label: 'Card number', placeholder: '1234 5678 9012 3456' },
    { label: 'Expiry date', placeholder: 'MM / YY' },
    { label: 'CVC', placeholder: '123' },
  ],
  'open-banking': [],
  'direct-debit': [
    { label: 'Sort code', placeholder: '12-34-56' },
    { label: 'Account number', placeholder: '12345678' },
  ],
};

/** What happens after Pay, in words, for each method when Stripe takes the payment. */
const STRIPE_TEXT: Record<PaymentMethod, string> = {
  card: 'When you press Pay, you will go to our payment provider Stripe’s secure page to enter your card number, expiry date and CVC. Your card details never reach our systems.',
  'open-banking':
    'When you press Pay, you will choose your bank on our payment provider Stripe’s secure page and approve the payment in your banking app. No card is needed.',
  'direct-debit':
    'When you press Pay, you will enter your sort code and account number on our payment provider Stripe’s secure page to pay by Direct Debit. It usually takes 3 working days to clear.',
};

const DEMO_TEXT: Record<PaymentMethod, string> = {
  card: 'Demonstration: these fields are examples. No card details are needed and no money is taken.',
  'open-banking':
    'You would be taken to your bank to approve the payment in your banking app. Demonstration: no bank is contacted and no money is taken.',
  'direct-debit':
    'Demonstration: these fields are examples. No bank details are needed and no money is taken.',
};

/** Without JavaScript the chosen method's text cannot follow the choice: one text for all. */
const NO_SCRIPT_TEXT = {
  stripe:
    'When you press Pay, you will go to our payment provider Stripe’s secure page to enter your card or bank details. They never reach our systems.',
  demo: 'Demonstration: when you press Pay, the payment is recorded. No card or bank details are needed and no money is taken.',
};

/**
 * Spec section 2's details area: 'Loading secure payment form...' first, then the chosen
 * method's fields or text. Card data never touches our pages (ARCHITECTURE section 7): with
 * Stripe this area explains the hosted page that comes next; in the demo it shows the spec's
 * placeholder fields, disabled, so nobody types real details into them.
 */
export function PaymentMethodDetails({
  method,
  loading,
  provider,
}: {
  method: PaymentMethod;
  loading: boolean;
  provider: 'stripe' | 'demo';
}) {
  if (!loading) return <MethodDetails method={method} provider={provider} />;
  // The details are laid out, unseen, under the loading notice, so the Pay button below does not
  // jump down when they appear: a finger already on its way to Pay would land on something else.
  // Without JavaScript the form never finishes "loading": say instead what Pay does.
  return (
    <>
      <div className="relative noscript:hidden">
        <div className="invisible" inert aria-hidden="true">
          <MethodDetails method={method} provider={provider} />
        </div>
        <div
          role="status"
          className="absolute inset-0 flex items-center justify-center gap-3 rounded-lg border border-dashed border-border bg-muted/50 p-4 text-muted-foreground"
        >
          <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
          Loading secure payment form...
        </div>
      </div>
      <p className="hidden rounded-lg border border-border bg-muted/50 p-4 text-base text-foreground noscript:block">
        {NO_SCRIPT_TEXT[provider]}
      </p>
    </>
  );
}

function MethodDetails({
  method,
  provider,
}: {
  method: PaymentMethod;
  provider: 'stripe' | 'demo';
}) {
  if (provider === 'stripe') {
    return (
      <p className="rounded-lg border border-border bg-muted/50 p-4 text-base text-foreground">
        {STRIPE_TEXT[method]}
      </p>
    );
  }
  const fields = FIELDS[method];
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-border bg-muted/50 p-4">
      {fields.length > 0 && (
        <div className="grid grid-cols-2 gap-3">
          {fields.map((field, index) => (
            <label
              key={field.label}
              className={`flex flex-col gap-1 text-sm font-medium ${index === 0 ? 'col-span-2' : ''}`}
            >
              {field.label}
              <input
                disabled
                placeholder={field.placeholder}
                className="h-11 rounded-md border border-input bg-card px-3 text-base text-muted-foreground"
              />
            </label>
          ))}
        </div>
      )}
      <p className="text-sm text-muted-foreground">{DEMO_TEXT[method]}</p>
    </div>
  );
}
