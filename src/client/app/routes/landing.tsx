import { CallMeNow } from '@/features/call-me-now/components/call-me-now';
import { CallMeNowCard } from '@/features/landing/components/call-me-now-card';
import { ContactCard } from '@/features/landing/components/contact-card';
import { Hero } from '@/features/landing/components/hero';
import { HowItWorks } from '@/features/landing/components/how-it-works';
import { ImportantInformation } from '@/features/landing/components/important-information';
import { OfficeHoursCard } from '@/features/landing/components/office-hours-card';
import { PageContainer } from '@/features/landing/components/page-container';
import { SecurePaymentsCard } from '@/features/landing/components/secure-payments-card';
import { SiteFooter } from '@/features/landing/components/site-footer';
import { SiteHeader } from '@/features/landing/components/site-header';
import { usePageData } from '@/lib/page-data';
import { usePublicConfig } from '@/lib/public-config';

const CALL_ME_NOW_ID = 'call-me-now';

/**
 * / (spec section 2): the public landing page, with the Call Me Now form in its card. It loads
 * with nothing but React and the router, so it stays small for phones (ARCHITECTURE section 8).
 */
export function LandingPage() {
  const config = usePublicConfig();
  const data = usePageData();
  return (
    <div className="flex min-h-dvh flex-col text-base">
      <SiteHeader companyName={config.companyName} contactPhone={config.contactPhone} />
      <main className="flex-1">
        <Hero contactPhone={config.contactPhone} callMeNowId={CALL_ME_NOW_ID} />
        <PageContainer className="py-12 sm:py-16">
          {/* grid-cols-1 lets a card shrink to a 320 px screen (WCAG reflow); an implicit column would
              widen to its longest unbreakable line. */}
          <div className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
            <SecurePaymentsCard />
            <div className="flex flex-col gap-6">
              <ContactCard config={config} />
              <OfficeHoursCard contactPhone={config.contactPhone} />
            </div>
            <CallMeNowCard
              id={CALL_ME_NOW_ID}
              contactPhone={config.contactPhone}
              className="scroll-mt-6 md:col-span-2 lg:col-span-1"
            >
              <CallMeNow initialAnswer={data?.page === 'landing' ? data.callMeNow : undefined} />
            </CallMeNowCard>
          </div>
        </PageContainer>
        <HowItWorks />
        <ImportantInformation config={config} />
      </main>
      <SiteFooter companyName={config.companyName} />
    </div>
  );
}

/** The router loads the page on its own (router.tsx). */
export default LandingPage;
