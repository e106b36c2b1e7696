import Building2 from 'lucide-react/icons/building-2';
import Phone from 'lucide-react/icons/phone';
import { buttonVariants } from '@/components/ui/button-variants';
import { telHref } from '@/lib/contact-links';
import { PageContainer } from './page-container';

export function SiteHeader({
  companyName,
  contactPhone,
}: {
  companyName: string;
  contactPhone: string;
}) {
  return (
    <header className="border-b border-border bg-card">
      <PageContainer className="flex min-h-18 items-center justify-between gap-4 py-3">
        <a href="/" className="flex min-w-0 items-center gap-3 rounded-md">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
            <Building2 aria-hidden="true" className="size-6" />
          </span>
          <span className="flex min-w-0 flex-col">
            <span className="text-lg leading-tight font-bold break-words hyphens-auto text-primary">
              {companyName}
            </span>
            <span className="text-sm text-muted-foreground">Leaseholder payments</span>
          </span>
        </a>
        <span className="shrink-0 sm:hidden">
          <a
            href={telHref(contactPhone)}
            aria-label={`Call us on ${contactPhone}`}
            className={buttonVariants({
              variant: 'outline',
              size: 'icon',
              className: 'text-primary',
            })}
          >
            <Phone aria-hidden="true" />
          </a>
        </span>
        <span className="hidden shrink-0 sm:block">
          <a
            href={telHref(contactPhone)}
            className={buttonVariants({
              variant: 'outline',
              size: 'lg',
              className: 'text-primary',
            })}
          >
            <Phone aria-hidden="true" />
            <span className="sr-only">Call us on </span>
            {contactPhone}
          </a>
        </span>
      </PageContainer>
    </header>
  );
}
