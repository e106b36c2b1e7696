import { TEMPLATED_KINDS, type TemplatedKind } from '../../../shared/messages.js';
import { type ProviderModes, SAMPLE_COMPANY } from '../../../shared/system.js';
import type { Config } from '../../config.js';

/** Each provider is real once configured; otherwise its embedded stand-in runs (demo mode). */
export function providerModes(config: Config): ProviderModes {
  const modes = {
    email: config.smtp ? 'smtp' : 'capture',
    messaging: config.twilio ? 'twilio' : 'capture',
    payments: config.stripe ? 'stripe' : 'demo',
  } as const;
  const isDemo =
    modes.email === 'capture' || modes.messaging === 'capture' || modes.payments === 'demo';
  return {
    ...modes,
    isDemo,
    sampleSettings: sampleSettingsOf(config),
    ...(config.twilio ? { whatsappApproved: approvedKinds(config.twilio.whatsappTemplates) } : {}),
  };
}

/** The company settings left at the sample values (config.ts's defaults). */
export function sampleSettingsOf(config: Config): NonNullable<ProviderModes['sampleSettings']> {
  const current = {
    COMPANY_NAME: config.company.name,
    CONTACT_PHONE: config.company.phone,
    CONTACT_EMAIL: config.company.email,
  };
  return (Object.keys(SAMPLE_COMPANY) as (keyof typeof SAMPLE_COMPANY)[]).filter(
    (key) => current[key].trim() === SAMPLE_COMPANY[key],
  );
}

function approvedKinds(templates: Record<TemplatedKind, unknown>): TemplatedKind[] {
  return TEMPLATED_KINDS.filter((kind) => templates[kind] !== undefined);
}
