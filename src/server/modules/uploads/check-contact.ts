import type { RowIssue } from '../../../shared/upload.js';
import { parsePhone } from './parse-phone.js';

export const EMAIL_PATTERN = /^[^\s@<>(),;:"[\]]+@[^\s@<>(),;:"[\]]+\.[^\s@<>(),;:"[\]]+$/;

const PHONE = 'Phone Number (for WhatsApp)';

export interface CheckedContact {
  email: string | null;
  /** E.164. */
  phone: string | null;
  phoneKind: 'mobile' | 'landline' | null;
  /** Why the row cannot be sent at all. */
  issues: RowIssue[];
  /** A channel that does not work while the other does: the row is kept (issue 31). */
  warnings: RowIssue[];
}

/**
 * A row's email and phone. A row is refused only when no channel can reach the leaseholder; a
 * bad phone beside a good email (or the reverse) keeps the row, sent by the channel that works,
 * with a warning for the clerk. A landline is kept for the record but never messaged.
 */
export function checkContact(emailText: string, phoneText: string): CheckedContact {
  const isEmailBad = emailText !== '' && (emailText.length > 254 || !EMAIL_PATTERN.test(emailText));
  const email = emailText === '' || isEmailBad ? null : emailText.toLowerCase();
  const parsed = phoneText === '' ? null : parsePhone(phoneText);
  const isPhoneBad = phoneText !== '' && parsed === null;
  const isLandline = parsed?.kind === 'landline';
  const contact: CheckedContact = {
    email,
    phone: parsed?.e164 ?? null,
    phoneKind: parsed?.kind ?? null,
    issues: [],
    warnings: [],
  };

  if (email === null && parsed?.kind !== 'mobile') {
    if (emailText === '' && phoneText === '') {
      contact.issues.push({
        field: '',
        message: 'An email address or a mobile number is required to send the payment link',
      });
    }
    if (isEmailBad) {
      contact.issues.push({
        field: 'Email Address',
        message: `Email Address "${emailText}" is not a valid email address`,
      });
    }
    if (isPhoneBad) {
      contact.issues.push({
        field: PHONE,
        message: `Phone Number "${phoneText}" is not a valid phone number`,
      });
    } else if (isLandline && !isEmailBad) {
      // Nothing we send (email, WhatsApp, SMS) could reach this leaseholder.
      contact.issues.push({
        field: PHONE,
        message: `${PHONE} "${phoneText}" is a landline, which cannot receive WhatsApp or SMS: add a mobile number or an email address`,
      });
    }
    return contact;
  }

  if (isEmailBad) {
    contact.warnings.push({
      field: 'Email Address',
      message: `email ${emailText} is not a valid email address — WhatsApp and SMS only`,
    });
  }
  if (isPhoneBad) {
    contact.warnings.push({
      field: PHONE,
      message: `phone ${phoneText} is not a mobile number — email only`,
    });
  } else if (isLandline) {
    contact.warnings.push({
      field: PHONE,
      message: `phone ${phoneText} is a landline, which cannot receive WhatsApp or SMS — email only`,
    });
  }
  return contact;
}
