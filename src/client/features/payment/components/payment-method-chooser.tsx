import CreditCard from 'lucide-react/icons/credit-card';
import Landmark from 'lucide-react/icons/landmark';
import Repeat from 'lucide-react/icons/repeat';
import { Fragment } from 'react';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '../../../../shared/payment-page';

const ICONS = { card: CreditCard, 'open-banking': Landmark, 'direct-debit': Repeat };

const HINTS: Record<PaymentMethod, string> = {
  card: 'Visa, Mastercard and other debit or credit cards',
  'open-banking': 'Pay straight from your bank app',
  'direct-debit': 'From your bank account, clears in about 3 working days',
};

/**
 * Spec section 2's method chooser as a native radio group: arrow keys move between methods,
 * screen readers announce "1 of 3", and each choice is a large target for a thumb. Named
 * `method`, so the page's form posts it as it is when there is no JavaScript.
 */
export function PaymentMethodChooser({
  value,
  onChange,
  disabled,
}: {
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  disabled: boolean;
}) {
  return (
    <fieldset disabled={disabled} className="flex min-w-0 flex-col gap-2">
      <legend className="mb-2 text-base font-semibold">Choose how to pay</legend>
      {PAYMENT_METHODS.map((method) => {
        const Icon = ICONS[method];
        const checked = value === method;
        return (
          <label
            key={method}
            // Marked by CSS from the radio itself, so the choice shows without JavaScript too.
            className="flex min-h-16 cursor-pointer items-center gap-3 rounded-lg border-2 border-border bg-card p-3 transition-colors hover:border-input has-[:checked]:border-primary has-[:checked]:bg-primary-soft has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2"
          >
            <input
              type="radio"
              name="method"
              value={method}
              checked={checked}
              onChange={() => onChange(method)}
              className="size-5 shrink-0 accent-primary"
            />
            <Icon aria-hidden="true" className="size-6 shrink-0 text-primary" />
            <span className="flex min-w-0 flex-col">
              <span className="font-semibold">
                <BreakableAtSlash text={PAYMENT_METHOD_LABELS[method]} />
              </span>
              <span className="text-sm text-muted-foreground">{HINTS[method]}</span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

/** 'Debit/Credit Card' may break after its slash when a phone's larger text needs the room. */
function BreakableAtSlash({ text }: { text: string }) {
  return text.split('/').map((part, at) => (
    <Fragment key={part}>
      {at > 0 && (
        <>
          /<wbr />
        </>
      )}
      {part}
    </Fragment>
  ));
}
