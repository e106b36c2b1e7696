/**
 * What each audit action means, in staff's words. The stored code stays beside it: it is what
 * the search matches, and an action added later without words here still reads as its code.
 */
export const ACTION_LABELS: Record<string, string> = {
  'auth.login': 'Signed in',
  'auth.logout': 'Signed out',
  'auth.login_failed': 'Wrong password',
  'auth.login_rate_limited': 'Sign-ins locked for a while after repeated wrong passwords',
  'auth.password_set': 'Admin password set',
  'upload.batch_created': 'Spreadsheet uploaded',
  'upload.batch_sent': 'Notifications sent for an upload',
  'upload.batch_interrupted': 'Upload interrupted',
  'preview.send': 'Message sent from its preview',
  'templates.updated': 'Message templates changed',
  'payment_link.renewed': 'Payment link renewed',
  'payment_link.cancelled': 'Payment link cancelled',
  'payment_link.resend_requested': 'Leaseholder asked for their link again',
  'payment_link.paid_through_earlier_link': 'Paid through an earlier link',
  'payment.mismatch': 'Payment amount did not match',
  'payment.duplicate_for_paid_link': 'Second payment for a paid link',
  'message.fallback_sms': 'WhatsApp failed: sent by SMS',
  'callback.requested': 'Call-back requested',
  'callback.handled': 'Call-back marked as called',
  'leaseholder.offline_payment_recorded': 'Offline payment recorded',
  'leaseholder.balance_corrected': 'Balance corrected',

  'leaseholder.note_added': 'Note added',
  'leaseholder.link_sent': 'New link sent',
  'leaseholder.hold_started': 'Chasing held',
  'leaseholder.hold_ended': 'Hold ended',
  'leaseholder.contact_changed': 'Contact details changed',
  'leaseholder.exported': 'Personal data exported',
  'leaseholder.erased': 'Personal data erased',
  'job.retried': 'Dead job retried',
};
