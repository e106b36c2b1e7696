import type { AppContext } from '../context.js';
import type { JobHandlers } from './job-types.js';

/**
 * The handlers the worker runs, by job kind. A factory rather than a constant so handlers can be
 * built over the configured integrations (mail transport, Twilio, Stripe). The messaging issue
 * adds the send and reminder kinds here.
 */
export function jobHandlers(_ctx: AppContext): JobHandlers {
  return {};
}
