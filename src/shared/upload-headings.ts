import type { UploadColumn } from './upload.js';

/**
 * Headings as people write them (issue 31), compared by their letters and digits only, any case:
 * 'E-mail' is 'email', 'Balance Due (£)' is 'balancedue'. The template's own heading comes first;
 * within a column, earlier names win when a sheet has several.
 */
export const COLUMN_ALIASES: Record<UploadColumn, readonly string[]> = {
  'Tenant Name': [
    'Tenant Name',
    'Tenant',
    'Leaseholder Name',
    'Leaseholder',
    'Full Name',
    'Name',
    // A lease's own word for the leaseholder, and joint leaseholders' plurals. Not 'Occupier':
    // a subtenant may occupy a flat whose leaseholder owes the charge.
    'Lessee',
    'Lessee Name',
    'Lessees',
    'Leaseholders',
    'Tenants',
    'Names',
    'Owner',
    'Owner Name',
    'Account Name',
    'Customer Name',
    'Contact Name',
    'Debtor',
    'Debtor Name',
    // Joint leaseholders in numbered columns: the first named is the account's name, as a
    // demand is addressed; 'Lessee 2' stays listed as not used.
    'Lessee 1',
    'Lessee 1 Name',
    'Lessee Name 1',
    'Leaseholder 1',
    'Leaseholder 1 Name',
    'Leaseholder Name 1',
    'Tenant 1',
    'Tenant 1 Name',
    'Tenant Name 1',
    'Owner 1',
    'Name 1',
    'First Lessee',
    'Lead Lessee',
    'Primary Lessee',
  ],
  'Email Address': [
    'Email Address',
    'Email',
    'E-mail',
    'Email Addr',
    'Contact Email',
    'Emails',
    // The first of a contact's several, as contact systems number or rank them.
    'Email 1',
    'Email Address 1',
    'Primary Email',
    'Main Email',
    'Lessee 1 Email',
    'Lessee Email',
    'Leaseholder 1 Email',
    'Leaseholder Email',
    'Tenant 1 Email',
    'Tenant Email',
  ],
  // The second and later of them, and a joint leaseholder's own: copied on every email.
  'Other Email Addresses': [
    'Other Email Addresses',
    'Other Email Address',
    'Other Emails',
    'Other Email',
    'Email 2',
    'Email Address 2',
    'Secondary Email',
    'Second Email',
    'Additional Email',
    'Alternative Email',
    'Alternate Email',
    'Joint Email',
    'Joint Lessee Email',
    'Joint Leaseholder Email',
    'Lessee 2 Email',
    'Leaseholder 2 Email',
    'Tenant 2 Email',
    'CC Email',
    'Email CC',
  ],
  'Phone Number (for WhatsApp)': [
    'Phone Number (for WhatsApp)',
    'Mobile Number',
    'Mobile',
    'WhatsApp Number',
    'WhatsApp',
    'Mobile Phone',
    'Phone Number',
    'Phone',
    'Telephone Number',
    'Telephone',
    'Tel',
    'Mobile No',
    'Mobile Tel',
    'Mobile Telephone',
    // A ledger's contact columns, the kind of number in brackets.
    'Tel (Mobile)',
    'Telephone (Mobile)',
    'Phone (Mobile)',
    'Mobile Phone Number',
    'Mobile Telephone Number',
    'Mob',
    'Mob No',
    'Contact Mobile',
    'Contact Phone',
    'Phone No',
    'Tel No',
    'Telephone No',
    'Contact Number',
    'Contact No',
    'Mobile 1',
    'Phone 1',
    'Telephone 1',
    'Tel 1',
    'Primary Phone',
    'Main Phone',
  ],
  'Property Address': [
    'Property Address',
    'Address',
    'Property',
    'Flat Address',
    'Unit Address',
    'Flat/Unit Address',
    'Premises Address',
    'Address of Property',
    'Flat',
    'Unit',
  ],
  'Balance Due (£)': [
    'Balance Due (£)',
    'Balance Due',
    'Balance',
    'Amount Due',
    'Amount',
    'Arrears',
    'Outstanding',
    'Total Due',
    'Due',
    // As ledgers and arrears reports head it ('O/S' is outstanding).
    'O/S Balance',
    'Balance O/S',
    'O/S',
    'Outstanding Balance',
    'Balance Outstanding',
    'Amount Outstanding',
    'Total Outstanding',
    'Arrears Balance',
    'Current Balance',
    'Amount Owed',
    'Balance Owed',
    'Closing Balance',
    'Total Balance',
    'Total Arrears',
    'Arrears Total',
    'Debt',
    'Amount Payable',
    'Total Payable',
    'Balance Payable',
  ],
  'Account Reference': [
    'Account Reference',
    'Account Ref',
    'Reference',
    'Ref',
    'Account',
    // As ledgers head the agent's own key for a leaseholder.
    'Tenant Ref',
    'Tenant Reference',
    'Leaseholder Ref',
    'Leaseholder Reference',
    'Lessee Ref',
    'Account No',
    'Account Number',
    'Acc Ref',
    'Acct Ref',
    'Customer Ref',
    'Ledger Ref',
    'Tenant Code',
    'Tenant ID',
    // Accounting packages' customer codes (Sage heads its 'A/C').
    'A/C',
    'A/C Ref',
    'A/C No',
    'A/C Code',
    'Account Code',
    'Customer Code',
    'Customer Account',
    'Customer No',
  ],
};

const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?';
const DATE = [
  '\\d{1,2}[/.-]\\d{1,2}[/.-]\\d{2,4}',
  '\\d{4}-\\d{2}-\\d{2}',
  `\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH}(?:\\s+\\d{2,4})?`,
  `${MONTH}[\\s-]+\\d{2,4}`,
].join('|');
/** 'as at 31/10/2026', '(31 Oct 2026)', 'October 2026' at a heading's end. */
const AS_AT_DATE = new RegExp(
  `(?:^|[\\s([]+)(?:(?:as\\s+)?(?:at|of|on|to)\\s+)?(?:${DATE})\\s*[)\\]]?\\s*$`,
  'i',
);
/** Headings are short: a longer cell is not one, and is not searched for a date. */
const HEADING_MAX = 100;

/**
 * A heading's letters and digits in lower case: how headings and aliases are compared. A date
 * at its end is left out, as a report dates its figures ('Balance as at 31/10/2026'): the same
 * column next month, and so the same remembered mapping.
 */
export function headingKey(text: string): string {
  const undated = text.length <= HEADING_MAX ? text.trim().replace(AS_AT_DATE, '') : text;
  return undated
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}
