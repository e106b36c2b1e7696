import PhoneCall from 'lucide-react/icons/phone-call';
import ShieldCheck from 'lucide-react/icons/shield-check';
import UserRound from 'lucide-react/icons/user-round';
import type { ReactNode } from 'react';
import { telHref } from '@/lib/contact-links';
import { SectionCard } from './section-card';

/** The Call Me Now card: the form, and what to expect from the call so nobody is caught out. */
export function CallMeNowCard({
  id,
  contactPhone,
  className,
  children,
}: {
  id: string;
  contactPhone: string;
  className?: string;
  /** The form itself (features/call-me-now), put in by the page. */
  children: ReactNode;
}) {
  return (
    <SectionCard
      id={id}
      icon={PhoneCall}
      title="Call Me Now"
      description="Leave your number and one of our team will call you back during office hours."
      className={className}
    >
      {children}
      <div className="mt-6 border-t border-border pt-5">
        <h3 className="font-semibold text-foreground">What happens next</h3>
        <ul className="mt-3 flex flex-col gap-3 text-muted-foreground">
          <li className="flex gap-3">
            <UserRound aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />A member
            of our team will ring you on the number you give us.
          </li>
          <li className="flex gap-3">
            <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
            We will never ask for your card details on the phone.
          </li>
          <li className="flex gap-3">
            <PhoneCall aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
            <span>
              Prefer to talk now? Call{' '}
              <a
                href={telHref(contactPhone)}
                className="font-semibold whitespace-nowrap text-primary underline underline-offset-4"
              >
                {contactPhone}
              </a>
              .
            </span>
          </li>
        </ul>
      </div>
    </SectionCard>
  );
}
