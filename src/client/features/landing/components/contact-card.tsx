import type { LucideIcon } from 'lucide-react';
import Mail from 'lucide-react/icons/mail';
import Phone from 'lucide-react/icons/phone';
import type { ReactNode } from 'react';
import { EmailAddress } from '@/components/email-address';
import { mailtoHref, telHref } from '@/lib/contact-links';
import type { PublicConfig } from '../../../../shared/public-config';
import { SectionCard } from './section-card';

interface ContactLinkProps {
  href: string;
  icon: LucideIcon;
  label: string;
  value: ReactNode;
}

/** The whole row is the link: a big target for a thumb, and it reads as "Main office, 020 …". */
function ContactLink({ href, icon: Icon, label, value }: ContactLinkProps) {
  return (
    <a
      href={href}
      className="group flex min-h-16 items-center gap-4 rounded-lg border border-border p-3 transition-colors hover:border-primary/40 hover:bg-primary-soft"
    >
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="text-sm text-muted-foreground">{label}</span>
        <span className="break-words text-lg font-semibold text-primary underline-offset-4 group-hover:underline">
          {value}
        </span>
      </span>
    </a>
  );
}

export function ContactCard({
  config,
  className,
}: {
  config: Pick<PublicConfig, 'contactPhone' | 'contactEmail'>;
  className?: string;
}) {
  return (
    <SectionCard
      icon={Phone}
      title="Contact Us"
      description="Questions about your account or your payment link? We are happy to help."
      className={className}
    >
      <div className="flex flex-col gap-3">
        <ContactLink
          href={telHref(config.contactPhone)}
          icon={Phone}
          label="Main office"
          value={config.contactPhone}
        />
        <ContactLink
          href={mailtoHref(config.contactEmail)}
          icon={Mail}
          label="General enquiries"
          value={<EmailAddress address={config.contactEmail} />}
        />
      </div>
    </SectionCard>
  );
}
