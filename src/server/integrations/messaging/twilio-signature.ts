import twilio from 'twilio';

/**
 * Checks the X-Twilio-Signature of a status callback with the SDK's own validator: an HMAC-SHA1
 * of the full callback URL plus the sorted POST parameters, keyed with the auth token
 * (https://www.twilio.com/docs/usage/webhooks/webhooks-security). `url` must be the URL exactly
 * as Twilio called it (our public base URL plus path and query), not the one behind a proxy.
 */
export function verifyTwilioSignature(input: {
  authToken: string;
  url: string;
  params: Record<string, string>;
  signature: string | undefined;
}): boolean {
  if (!input.signature) return false;
  return twilio.validateRequest(input.authToken, input.signature, input.url, input.params);
}
