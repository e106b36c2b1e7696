import { Building2 } from 'lucide-react';
import { useProviderModes } from '@/lib/provider-modes';
import type { ProviderModes } from '../../../../shared/system';

const WHAT = {
  COMPANY_NAME: 'company name',
  CONTACT_PHONE: 'phone number',
  CONTACT_EMAIL: 'email address',
} as const;

/** "a", "a and b", "a, b and c". */
function joinAsList(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** What the banner says for the settings still at their sample values. */
export function describeSampleSettings(
  settings: NonNullable<ProviderModes['sampleSettings']>,
): string {
  const names = settings.map((setting) => WHAT[setting]);
  return `The ${joinAsList(names)} shown to leaseholders ${settings.length === 1 ? 'is' : 'are'} still the sample ${settings.length === 1 ? 'value' : 'values'}.`;
}

/**
 * Issue 31: until the company's own details are set, the landing page, payment page, receipts
 * and messages show a made-up company. Says so, and where to set them (the server's settings).
 */
export function SampleSettingsBanner() {
  const { data: modes } = useProviderModes();
  const settings = modes?.sampleSettings ?? [];
  if (settings.length === 0) return null;
  return (
    <section
      aria-label="Sample settings"
      className="border-b border-info/25 bg-info-soft text-info"
      data-testid="sample-settings-banner"
    >
      <div className="mx-auto flex max-w-6xl items-start gap-3 px-4 py-3 text-sm sm:px-6 lg:px-8">
        <Building2 aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <p>
          <span className="font-semibold">{describeSampleSettings(settings)}</span>{' '}
          <span>
            Set {joinAsList(settings.map((setting) => setting))} in the server&apos;s environment or
            its <code className="font-mono">.env</code> file, then restart it (README,
            Configuration).
          </span>
        </p>
      </div>
    </section>
  );
}
