import type { ProviderModes } from '../../../shared/system.js';
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
  return { ...modes, isDemo };
}
