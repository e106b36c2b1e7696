/** What the visitor reads after submitting the landing page's Call Me Now form (spec section 2). */

// Spec sections 2 and 9: the office hours shown on the landing page.
const OFFICE_HOURS = 'Monday to Friday, 9:00 AM to 5:30 PM';

export function callbackRequestedMessage(phoneDisplay: string): string {
  return `Thank you. We will call you back on ${phoneDisplay} during office hours (${OFFICE_HOURS}).`;
}

export function callbackAlreadyRequestedMessage(phoneDisplay: string): string {
  return `Thank you. We already have your request and will call you back on ${phoneDisplay} during office hours (${OFFICE_HOURS}).`;
}

export function tooManyFromVisitorMessage(companyPhone: string): string {
  return `You have asked for several callbacks in the last hour, so we cannot take another one just now. Please try again later, or phone us on ${companyPhone}.`;
}

export function tooManyOverallMessage(companyPhone: string): string {
  return `We are receiving a very large number of callback requests at the moment and cannot take yours just now. Please try again later, or phone us on ${companyPhone}.`;
}
