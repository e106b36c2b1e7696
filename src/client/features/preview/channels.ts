export interface ContactDetails {
  email?: string | null;
  phone?: string | null;
}

/**
 * Spec section 5 "Channel badges": email only with a non-blank email address; WhatsApp, and SMS
 * as its fallback, only with a non-blank phone number.
 */
export function channelsFor(contact: ContactDetails): { hasEmail: boolean; hasPhone: boolean } {
  return {
    hasEmail: (contact.email ?? '').trim() !== '',
    hasPhone: (contact.phone ?? '').trim() !== '',
  };
}
