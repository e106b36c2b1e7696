import type { LinkNotAvailable, PaymentResult, PublicPaymentLink } from './payment-page.js';

/**
 * What the server hands a server-rendered public page (`/`, `/payment/{id}`, `/payment-success`):
 * the API answers the page would otherwise fetch, read in-process before rendering, and the
 * outcome of a form posted without JavaScript. The page renders from it on the server and
 * hydrates from the same data in the browser, which reads it from a JSON script tag (not
 * executed, so the CSP needs no inline-script exception). Plain types: the public pages ship
 * no zod (docs/decisions/0001).
 */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

/** An answer from one of the public calls: its status and JSON body. */
export interface ApiAnswer<T> {
  status: number;
  body: T;
}

/** A message shown after a form was posted without JavaScript (Call Me Now, resend). */
export interface FormAnswer {
  success: boolean;
  message: string;
}

export interface LandingPageData {
  page: 'landing';
  /** The Call Me Now form's answer, after a post without JavaScript. */
  callMeNow?: FormAnswer;
}

export interface PaymentPageData {
  page: 'payment';
  linkId: string;
  /** The server's clock at rendering (epoch ms): the expiry notice hydrates from the same time. */
  renderedAt: number;
  /** GET /api/payment-link/{id}: 200 with the link, or 404 LinkNotAvailable, or another error. */
  link: ApiAnswer<PublicPaymentLink> | ApiAnswer<LinkNotAvailable>;
  /** A pay form posted without JavaScript that the server refused: its message and the amount. */
  payError?: { message: string; amount?: string };
  /** "Send me my current link" / "Send me a new link", posted without JavaScript. */
  resend?: FormAnswer;
  /** "Ask us to call me", posted without JavaScript. */
  callMe?: FormAnswer;
}

export interface PaymentSuccessPageData {
  page: 'payment-success';
  linkId: string;
  /** GET /api/payment-link/{id}/payment; absent when the address names no link. */
  result?: ApiAnswer<PaymentResult> | ApiAnswer<{ message: string }>;
}

export type PageData = LandingPageData | PaymentPageData | PaymentSuccessPageData;

/** Form field names of the no-JavaScript forms, shared by the pages and the server's handlers. */
export const FORM_INTENTS = ['pay', 'resend', 'call-me'] as const;
export type FormIntent = (typeof FORM_INTENTS)[number];

/**
 * The page data as JSON safe inside a script element: `<` is escaped, so no value (a tenant's
 * name) can close the element or open a comment.
 */
export function serializePageData(data: PageData): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028|\u2029/g, (c) => (c === '\u2028' ? '\\u2028' : '\\u2029'));
}

/** The browser tab's title of each leaseholder page (before the site's name). */
export const PUBLIC_PAGE_TITLES = {
  payment: 'Pay your balance',
  'payment-success': 'Payment confirmation',
} as const;
