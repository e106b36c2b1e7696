// What the spreadsheet worker needs of the upload's rules, without zod: the worker loads this
// module, and zod took a third of the worker's start-up (upload.ts re-exports these).

/** Spec section 3: the columns an upload must have, in the template's order. */
export const REQUIRED_COLUMNS = [
  'Tenant Name',
  'Email Address',
  'Phone Number (for WhatsApp)',
  'Property Address',
  'Balance Due (£)',
] as const;
export type RequiredColumn = (typeof REQUIRED_COLUMNS)[number];

/** Rows of leaseholders one file may hold (the header not counted). */
export const UPLOAD_MAX_ROWS = 50_000;
