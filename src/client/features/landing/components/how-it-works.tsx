import CircleCheck from 'lucide-react/icons/circle-check';
import CreditCard from 'lucide-react/icons/credit-card';
import Mail from 'lucide-react/icons/mail';
import { PageContainer } from './page-container';

const STEPS = [
  {
    icon: Mail,
    title: 'Receive your link',
    text: 'We send your unique payment link by email and by WhatsApp, or by text message (SMS) if WhatsApp is not available.',
  },
  {
    icon: CreditCard,
    title: 'Pay securely',
    text: 'Open the link to see your balance, then pay by card, Open Banking or Direct Debit on our secure payment page.',
  },
  {
    icon: CircleCheck,
    title: 'Get confirmation',
    text: 'You see confirmation on screen straight away, and we send you a receipt for your records.',
  },
] as const;

export function HowItWorks() {
  return (
    <section
      aria-labelledby="how-it-works-title"
      className="border-y border-border bg-card py-12 sm:py-16"
    >
      <PageContainer>
        <div className="max-w-2xl">
          <h2 id="how-it-works-title" className="text-2xl font-bold text-primary sm:text-3xl">
            How it works
          </h2>
          <p className="mt-2 text-lg text-muted-foreground">
            Paying online takes three simple steps.
          </p>
        </div>
        <ol className="mt-8 grid grid-cols-1 gap-6 md:grid-cols-3 md:gap-8">
          {STEPS.map((step, index) => (
            <li key={step.title} className="relative flex gap-4 md:flex-col">
              <span
                aria-hidden="true"
                className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary text-xl font-bold text-primary-foreground"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="flex items-center gap-2 text-lg font-semibold text-foreground">
                  <step.icon aria-hidden="true" className="size-5 text-accent" />
                  <span>
                    <span className="sr-only">Step {index + 1}: </span>
                    {step.title}
                  </span>
                </h3>
                <p className="mt-1 text-muted-foreground">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </PageContainer>
    </section>
  );
}
