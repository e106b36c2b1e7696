import { getPublicConfig } from '@/lib/public-config';
import { CallMeNowCard } from './call-me-now-card';
import { ContactCard } from './contact-card';
import { Hero } from './hero';
import { HowItWorks } from './how-it-works';
import { ImportantInformation } from './important-information';
import { OfficeHoursCard } from './office-hours-card';
import { PageContainer } from './page-container';
import { SecurePaymentsCard } from './secure-payments-card';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

const CALL_ME_NOW_ID = 'call-me-now';

/**
 * The public landing page (spec section 2). It loads with nothing but React and the router, so it
 * stays small for leaseholders on phones (ARCHITECTURE section 8).
 */
export function LandingPage() {
  const config = getPublicConfig();
  return (
    <div className="flex min-h-dvh flex-col text-base">
      <SiteHeader companyName={config.companyName} contactPhone={config.contactPhone} />
      <main className="flex-1">
        <Hero contactPhone={config.contactPhone} callMeNowId={CALL_ME_NOW_ID} />
        <PageContainer className="py-12 sm:py-16">
          <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            <SecurePaymentsCard />
            <div className="flex flex-col gap-6">
              <ContactCard config={config} />
              <OfficeHoursCard contactPhone={config.contactPhone} />
            </div>
            <CallMeNowCard
              id={CALL_ME_NOW_ID}
              contactPhone={config.contactPhone}
              className="scroll-mt-6 md:col-span-2 lg:col-span-1"
            />
          </div>
        </PageContainer>
        <HowItWorks />
        <ImportantInformation config={config} />
      </main>
      <SiteFooter companyName={config.companyName} />
    </div>
  );
}
