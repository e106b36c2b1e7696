import Mail from 'lucide-react/icons/mail';
import MessageCircle from 'lucide-react/icons/message-circle';
import Phone from 'lucide-react/icons/phone';
import PhoneCall from 'lucide-react/icons/phone-call';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { buttonVariants } from '@/components/ui/button-variants';
import { telHref } from '@/lib/contact-links';
import { PageContainer } from './page-container';

const REASSURANCES = [
  'Bank-level encryption',
  'Card, Open Banking or Direct Debit',
  'Instant confirmation',
];

/**
 * The headline, and the one thing a leaseholder must know: they pay through the link we sent
 * them. On a phone the "how to pay" panel comes straight after the headline; on a wide screen it
 * sits beside it.
 */
export function Hero({ contactPhone, callMeNowId }: { contactPhone: string; callMeNowId: string }) {
  return (
    <section aria-labelledby="page-title" className="bg-primary text-primary-foreground">
      <PageContainer className="grid gap-8 py-10 sm:py-14 lg:grid-cols-[minmax(0,1fr)_26rem] lg:gap-x-16 lg:py-20">
        <div className="flex flex-col gap-4">
          <p className="inline-flex w-fit items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium">
            <ShieldCheck aria-hidden="true" className="size-4" />
            Secure leaseholder payment portal
          </p>
          <h1
            id="page-title"
            className="text-3xl leading-tight font-bold tracking-tight sm:text-4xl lg:text-5xl"
          >
            Pay your service charge securely online
          </h1>
          <p className="max-w-2xl text-lg text-white/85 sm:text-xl">
            Pay your service charge and ground rent in a few minutes, from your phone or computer,
            using the personal payment link we send you.
          </p>
        </div>

        <div className="rounded-xl bg-card p-5 text-card-foreground shadow-lg sm:p-6 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-center">
          <h2 className="text-xl font-semibold text-primary">How do I pay?</h2>
          <p className="mt-2 text-base">
            Open the <strong>unique payment link</strong> we sent you by <strong>email</strong> or{' '}
            <strong>WhatsApp</strong>. It shows your balance and takes you straight to secure
            payment.
          </p>
          <ul className="mt-4 flex flex-wrap gap-2" aria-label="Where to find your link">
            <li className="inline-flex items-center gap-2 rounded-full bg-primary-soft px-3 py-1.5 text-sm font-medium text-primary">
              <Mail aria-hidden="true" className="size-4" />
              Email
            </li>
            <li className="inline-flex items-center gap-2 rounded-full bg-accent-soft px-3 py-1.5 text-sm font-medium text-accent">
              <MessageCircle aria-hidden="true" className="size-4" />
              WhatsApp or text message
            </li>
          </ul>
          <p className="mt-4 border-t border-border pt-4 text-muted-foreground">
            No account or password is needed. Can’t find your link? Call us, or ask us to call you
            back.
          </p>
        </div>

        <div className="flex flex-col gap-6">
          <div className="flex flex-col gap-3 sm:flex-row">
            <a
              href={`#${callMeNowId}`}
              className={buttonVariants({ variant: 'accent', size: 'lg' })}
            >
              <PhoneCall aria-hidden="true" />
              Request a call back
            </a>
            <a
              href={telHref(contactPhone)}
              className={buttonVariants({
                variant: 'outline',
                size: 'lg',
                className: 'text-primary',
              })}
            >
              <Phone aria-hidden="true" />
              Call {contactPhone}
            </a>
          </div>
          <ul className="flex flex-col gap-2 text-white/85 sm:flex-row sm:flex-wrap sm:gap-x-6">
            {REASSURANCES.map((text) => (
              <li key={text} className="inline-flex items-center gap-2">
                <ShieldCheck aria-hidden="true" className="size-5 shrink-0 text-teal-300" />
                {text}
              </li>
            ))}
          </ul>
        </div>
      </PageContainer>
    </section>
  );
}
