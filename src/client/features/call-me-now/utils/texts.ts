/**
 * Copies of src/shared/call-me-now.ts's visitor-facing strings. Importing that module here would
 * put zod on the landing page (its core is shared with the admin chunk and does not shrink), and
 * the page has a 90 KB gzip budget (ARCHITECTURE section 8). texts.test.ts keeps the copies equal.
 */

/** The hint under the phone field (spec section 2). */
export const CALL_ME_NOW_HINT = 'Valid UK numbers start with 01, 02, 03, 075, 077, 078 or 079.';

/** Spec section 8: any failure that is not the visitor's to fix. */
export const CALL_ME_NOW_ERROR_MESSAGE =
  'Sorry, there was an error processing your request. Please try again.';
