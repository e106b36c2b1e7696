import type { LucideIcon } from 'lucide-react';
import Hourglass from 'lucide-react/icons/hourglass';
import LifeBuoy from 'lucide-react/icons/life-buoy';
import ShieldAlert from 'lucide-react/icons/shield-alert';
import UserLock from 'lucide-react/icons/user-lock';
import type { ReactNode } from 'react';
import { EmailAddress } from '@/components/email-address';
import { mailtoHref, telHref } from '@/lib/contact-links';
import { plural } from '@/lib/plural';
import type { PublicConfig } from '../../../../shared/public-config';
import { PageContainer } from './page-container';

const linkClass = 'font-semibold text-primary underline underline-offset-4';

function Notice({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <li className="flex gap-4 rounded-xl border border-border bg-card p-5 shadow-card">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div>
        <h3 className="text-lg font-semibold text-foreground">{title}</h3>
        <p className="mt-1 text-muted-foreground">{children}</p>
      </div>
    </li>
  );
}

/** Spec section 2: link expiry, privacy, support and security, in words a leaseholder can act on. */
export function ImportantInformation({ config }: { config: PublicConfig }) {
  return (
    <section aria-labelledby="important-information-title" className="py-12 sm:py-16">
      <PageContainer>
        <h2
          id="important-information-title"
          className="text-2xl font-bold text-primary sm:text-3xl"
        >
          Important Information
        </h2>
        <ul className="mt-8 grid grid-cols-1 gap-4 md:grid-cols-2 md:gap-6">
          <Notice icon={Hourglass} title="Link expiry">
            Each payment link is unique to you and expires after{' '}
            {plural(config.linkLifetimeDays, 'day')}. After that it no longer works, but we can send
            you a new one.
          </Notice>
          <Notice icon={UserLock} title="Privacy">
            Your payment link is for the named leaseholder only. Please do not share it or forward
            it to anyone else.
          </Notice>
          <Notice icon={LifeBuoy} title="Support">
            If your link has expired or does not work, call us on{' '}
            <a href={telHref(config.contactPhone)} className={`${linkClass} whitespace-nowrap`}>
              {config.contactPhone}
            </a>{' '}
            or email{' '}
            <a href={mailtoHref(config.contactEmail)} className={`${linkClass} break-words`}>
              <EmailAddress address={config.contactEmail} />
            </a>{' '}
            and we will help.
          </Notice>
          <Notice icon={ShieldAlert} title="Security">
            We will never ask for your card details by phone, email or text message. If anyone does,
            do not give them out, and contact us straight away.
          </Notice>
        </ul>
      </PageContainer>
    </section>
  );
}
