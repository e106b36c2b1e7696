import type { PublicPaymentLink } from '../../../shared/payment-page.js';

/** Writes one JSON string value, escaped as JSON.stringify escapes it. */
const jsonString = JSON.stringify as (value: string) => string;

/**
 * The public link read's answer as JSON text: what `JSON.stringify(link)` writes, in the same key
 * order, written field by field. JSON.stringify's general walk over the object and Fastify's
 * default serializer around it were a measurable part of the hottest call's cost (decision 0013).
 * Every string goes through JSON.stringify, so escaping is exactly its own; a field added to
 * PublicPaymentLink must be added here, which public-link-json.test.ts checks.
 */
export function publicPaymentLinkJson(link: PublicPaymentLink): string {
  return `{"id":${jsonString(link.id)},"amount":${jsonString(link.amount)},"amountPence":${link.amountPence},"expiresAt":${jsonString(link.expiresAt)},"status":${jsonString(link.status)},"tenant":{"name":${jsonString(link.tenant.name)},"address":${jsonString(link.tenant.address)}}}`;
}
