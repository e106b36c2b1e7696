import CircleCheck from 'lucide-react/icons/circle-check';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { SectionCard } from './section-card';

// Spec section 1: the claims the landing page makes about payments.
const POINTS = [
  {
    title: 'Bank-level encryption',
    text: 'Your connection and payment are protected with the same encryption banks use.',
  },
  {
    title: 'Payment details never stored',
    text: 'Your card and bank details are never stored on our servers.',
  },
  {
    title: 'Multiple payment methods',
    text: 'Pay by debit or credit card, Open Banking or Direct Debit.',
  },
  {
    title: 'Instant confirmation',
    text: 'See your payment confirmed straight away, with a receipt for your records.',
  },
] as const;

export function SecurePaymentsCard({ className }: { className?: string }) {
  return (
    <SectionCard
      icon={ShieldCheck}
      title="Secure Payments"
      description="Your payment is protected at every step."
      className={className}
    >
      <ul className="flex flex-col gap-4">
        {POINTS.map((point) => (
          <li key={point.title} className="flex gap-3">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
            <div>
              <p className="font-semibold text-foreground">{point.title}</p>
              <p className="text-muted-foreground">{point.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
