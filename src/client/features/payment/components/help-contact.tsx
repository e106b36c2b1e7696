import Mail from 'lucide-react/icons/mail';
import Phone from 'lucide-react/icons/phone';
import { EmailAddress } from '@/components/email-address';
import { mailtoHref, telHref } from '@/lib/contact-links';
import { usePublicConfig } from '@/lib/public-config';

/** Spec section 2: the payment page's help contact block (support email and phone). */
export function HelpContact() {
  const { contactEmail, contactPhone } = usePublicConfig();
  const linkClass =
    'flex min-h-11 items-center gap-3 rounded-md px-1 font-medium text-primary underline-offset-4 hover:underline';
  return (
    <section aria-labelledby="help-heading" className="rounded-xl border border-border bg-card p-5">
      <h2 id="help-heading" className="text-base font-semibold">
        Need help?
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Questions about your balance or this payment? Our team is happy to help.
      </p>
      <ul className="mt-2 flex flex-col">
        <li>
          <a href={mailtoHref(contactEmail)} className={`${linkClass} break-words`}>
            <Mail aria-hidden="true" className="size-5 shrink-0" />
            <span>
              <span className="sr-only">Email support: </span>
              <EmailAddress address={contactEmail} />
            </span>
          </a>
        </li>
        <li>
          <a href={telHref(contactPhone)} className={linkClass}>
            <Phone aria-hidden="true" className="size-5 shrink-0" />
            <span>
              <span className="sr-only">Phone support: </span>
              {contactPhone}
            </span>
          </a>
        </li>
      </ul>
    </section>
  );
}
