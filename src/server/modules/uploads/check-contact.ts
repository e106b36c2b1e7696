import { EMAIL_PATTERN, isEmailAddress, MAX_OTHER_EMAILS } from '../../../shared/leaseholders.js';
import type { RowIssue } from '../../../shared/upload.js';
import { copiesBeside, storedEmails } from '../../lib/email-list.js';
import { type ParsedPhone, parsePhone } from './parse-phone.js';

/** What stands between the addresses and names in a cell: never part of an address. */
const BETWEEN_ADDRESSES = /[\s<>(),;:"[\]]+/;

const PHONE = 'Phone Number (for WhatsApp)';

export interface CheckedContact {
  email: string | null;
  /** Joint leaseholders' other addresses in the same cell, ', '-separated: copied on each email. */
  otherEmails: string | null;
  /** E.164. */
  phone: string | null;
  phoneKind: 'mobile' | 'landline' | null;
  /** Why the row cannot be sent at all. */
  issues: RowIssue[];
  /** A channel that does not work while the other does: the row is kept (issue 31). */
  warnings: RowIssue[];
  /** Both cells empty: only an account with details on file can be reached (reconcile-rows.ts). */
  isBlank: boolean;
}

export const NO_CONTACT_MESSAGE =
  'An email address or a mobile number is required to send the payment link';

/** Joint leaseholders are two, sometimes four; a cell listing more is not one household. */
const MAX_EMAILS = MAX_OTHER_EMAILS + 1;

/** What ledgers put in a cell they have nothing for: read as the empty cell it stands for. */
const PLACEHOLDER =
  /^(?:n\/?a|none|nil|unknown|tbc|tba|not (?:known|given|provided)|no (?:e-?mail|phone|mobile|number)(?: address)?|-+|\.+|\?+)$/i;

/**
 * A row's email and phone. A row is refused only when no channel can reach the leaseholder; a
 * bad phone beside a good email (or the reverse) keeps the row, sent by the channel that works,
 * with a warning for the clerk. A landline is kept for the record but never messaged. A joint
 * leaseholder's column of their own (`otherCell`) is copied in, or sent to when the email is blank.
 */
export function checkContact(emailCell: string, phoneCell: string, otherCell = ''): CheckedContact {
  const otherText = PLACEHOLDER.test(otherCell) ? '' : otherCell;
  const extra = otherText === '' ? [] : addressesIn(otherText).filter(isEmailAddress);
  const mainText = PLACEHOLDER.test(emailCell) ? '' : emailCell;
  const emailText = mainText === '' ? extra.join('; ') : mainText;
  const phoneText = PLACEHOLDER.test(phoneCell) ? '' : phoneCell;
  const [address = '', ...others] = addressesIn(emailText);
  const isEmailBad = emailText !== '' && !isEmailAddress(address);
  const email = emailText === '' || isEmailBad ? null : address.toLowerCase();
  // Joint leaseholders share a cell ('ann@…; bob@…'): the first is sent to, the others copied in.
  const copies =
    email === null ? [] : copiesBeside(email, [...others.filter(isEmailAddress), ...extra]);
  const phones = phoneText === '' ? [] : phonesIn(phoneText);
  // WhatsApp and SMS need a mobile: of several numbers, the first mobile.
  const chosen = phones.find((phone) => phone.parsed.kind === 'mobile') ?? phones[0];
  const parsed = chosen?.parsed ?? null;
  const isPhoneBad = phoneText !== '' && parsed === null;
  const isLandline = parsed?.kind === 'landline';
  const contact: CheckedContact = {
    email,
    otherEmails: storedEmails(copies.slice(0, MAX_EMAILS - 1)),
    phone: parsed?.e164 ?? null,
    phoneKind: parsed?.kind ?? null,
    issues: [],
    warnings: [],
    isBlank: emailText === '' && phoneText === '',
  };

  if (email === null && parsed?.kind !== 'mobile') {
    if (emailText === '' && phoneText === '') {
      contact.issues.push({ field: '', message: NO_CONTACT_MESSAGE });
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
  } else if (otherText !== '' && extra.length === 0) {
    contact.warnings.push({
      field: 'Other Email Addresses',
      message: `other email ${otherText} is not a valid email address — not copied in`,
    });
  } else if (copies.length >= MAX_EMAILS) {
    contact.warnings.push({
      field: 'Email Address',
      message: `only the first ${MAX_EMAILS} email addresses are used — also in the cell: ${copies
        .slice(MAX_EMAILS - 1)
        .join(', ')}`,
    });
  }
  if (chosen && phones.length > 1) {
    contact.warnings.push({
      field: PHONE,
      message: `only one phone number, ${chosen.text}, is used — also in the cell: ${phones
        .filter((phone) => phone !== chosen)
        .map((phone) => phone.text)
        .join(', ')}`,
    });
  }
  if (isPhoneBad) {
    contact.warnings.push({
      field: PHONE,
      message: `phone ${phoneText} is not a valid phone number — email only`,
    });
  } else if (isLandline) {
    contact.warnings.push({
      field: PHONE,
      message: `phone ${phoneText} is a landline, which cannot receive WhatsApp or SMS — email only`,
    });
  }
  return contact;
}

/** What stands between two numbers in a phone cell ('07911 123456 / 020 7946 0018'). */
const BETWEEN_PHONES = /[/,;&|]|\bor\b|\band\b/i;

/**
 * The numbers in a phone cell: the cell as typed, or, when that is no number, each of the
 * numbers it lists. None when it holds no valid number.
 */
function phonesIn(text: string): { parsed: NonNullable<ParsedPhone>; text: string }[] {
  const whole = parsePhone(text);
  if (whole) return [{ parsed: whole, text }];
  return text.split(BETWEEN_PHONES).flatMap((piece) => {
    const parsed = parsePhone(piece);
    return parsed ? [{ parsed, text: piece.trim() }] : [];
  });
}

/**
 * The addresses in an email cell as people paste them: 'mailto:…' from a link, 'Hughes, Margaret
 * <…>' from a mail program, or several for joint leaseholders. A cell with none comes back
 * whole, to be refused as it was typed. Split first, then each piece tested whole: an unanchored
 * search would take quadratic time on a long cell without an address.
 */
function addressesIn(text: string): string[] {
  const found = text.split(BETWEEN_ADDRESSES).filter((piece) => EMAIL_PATTERN.test(piece));
  return found.length > 0 ? found : [text];
}
