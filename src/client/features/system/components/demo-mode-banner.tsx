import { FlaskConical } from 'lucide-react';
import { useProviderModes } from '@/lib/provider-modes';
import type { ProviderModes } from '../../../../shared/system';

/** "a", "a and b", "a, b and c". */
function joinAsList(items: string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * ARCHITECTURE section 6: with nothing configured the portal captures messages and simulates
 * payments, so staff must never mistake it for the live service. Names only the parts that are
 * not real, because each provider is switched on separately.
 */
export function describeDemoMode(modes: ProviderModes): { summary: string; toGoLive: string } {
  const captured: string[] = [];
  if (modes.email === 'capture') captured.push('emails');
  if (modes.messaging === 'capture') captured.push('WhatsApp/SMS messages');
  const parts: string[] = [];
  if (captured.length > 0) parts.push(`${joinAsList(captured)} are captured, not sent`);
  if (modes.payments === 'demo') parts.push('payments are simulated');

  const services: string[] = [];
  if (modes.email === 'capture') services.push('SMTP email');
  if (modes.messaging === 'capture') services.push('Twilio');
  if (modes.payments === 'demo') services.push('Stripe');

  return {
    summary:
      parts.length > 0
        ? `Demo mode: ${parts.join(', and ')}.`
        : 'Demo mode: some services are simulated.',
    toGoLive:
      services.length > 0
        ? `Configure ${joinAsList(services)} to go live.`
        : 'Configure every service to go live.',
  };
}

export function DemoModeBanner() {
  const { data: modes } = useProviderModes();
  if (!modes?.isDemo) return null;
  const { summary, toGoLive } = describeDemoMode(modes);
  return (
    <section
      aria-label="Demo mode"
      className="border-b border-warning/30 bg-warning-soft text-warning"
      data-testid="demo-mode-banner"
    >
      <div className="mx-auto flex max-w-6xl items-start gap-3 px-4 py-3 text-sm sm:px-6 lg:px-8">
        <FlaskConical aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <p>
          <span className="font-semibold">{summary}</span> <span>{toGoLive}</span>
        </p>
      </div>
    </section>
  );
}
