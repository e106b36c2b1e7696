import { escapeHtml } from '../../../shared/render-template.js';
import { EDITABLE_END, EDITABLE_START } from '../../../shared/templates.js';

/**
 * The HTML frame of the default emails: tables and inline styles, because many mail apps
 * (Outlook, Gmail) ignore <style> blocks and flexbox; one 600px column that shrinks on a phone.
 */

export interface CompanyDetails {
  name: string;
  phone: string;
  email: string;
}

const FONT = "font-family:Arial,'Helvetica Neue',Helvetica,sans-serif;";
const COLOURS = {
  page: '#f6f8fb',
  card: '#ffffff',
  border: '#d9e0ea',
  text: '#0f1b2d',
  muted: '#4a5568',
  brand: '#1e3a5f',
  button: '#0f766e',
  noticeBackground: '#fff8e6',
  noticeBorder: '#d97706',
};

export function paragraph(html: string): string {
  return `<p style="margin:0 0 16px;">${html}</p>`;
}

/** A two-column summary (label, value) such as Amount due / Property. Values may hold placeholders. */
export function summaryTable(rows: [label: string, valueHtml: string][]): string {
  const cells = rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:6px 0;color:${COLOURS.muted};font-size:14px;vertical-align:top;width:96px;">${label}</td>` +
        `<td style="padding:6px 0;font-size:16px;font-weight:bold;color:${COLOURS.text};">${value}</td></tr>`,
    )
    .join('\n');
  return (
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 24px;background-color:${COLOURS.page};border-radius:8px;">\n` +
    `<tr><td style="padding:16px 20px;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">\n${cells}\n</table></td></tr>\n</table>`
  );
}

/** The big call to action: full width on a phone, a comfortable 320px on a desktop. */
export function payButton(label: string): string {
  return (
    `<table role="presentation" align="center" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:320px;margin:0 auto 16px;">\n` +
    `<tr><td align="center" bgcolor="${COLOURS.button}" style="border-radius:8px;background-color:${COLOURS.button};">` +
    `<a href="{{paymentUrl}}" target="_blank" rel="noopener" style="display:block;padding:16px 24px;${FONT}font-size:18px;font-weight:bold;line-height:1.2;color:#ffffff;text-decoration:none;border-radius:8px;">${label}</a>` +
    `</td></tr>\n</table>\n` +
    `<p style="margin:0 0 24px;font-size:13px;line-height:1.5;color:${COLOURS.muted};text-align:center;">If the button does not work, copy this link into your browser:<br><a href="{{paymentUrl}}" style="color:${COLOURS.brand};word-break:break-all;">{{paymentUrl}}</a></p>`
  );
}

/** A highlighted box for the consequences of non-payment. */
export function notice(html: string): string {
  return (
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 24px;">\n` +
    `<tr><td style="padding:14px 16px;background-color:${COLOURS.noticeBackground};border-left:4px solid ${COLOURS.noticeBorder};font-size:14px;line-height:1.6;color:${COLOURS.text};">${html}</td></tr>\n</table>`
  );
}

export function emailLayout(options: {
  company: CompanyDetails;
  /** The preview line mail apps show after the subject. Plain text with placeholders. */
  preheader: string;
  heading: string;
  body: string;
}): string {
  const name = escapeHtml(options.company.name);
  const phone = escapeHtml(options.company.phone);
  const email = escapeHtml(options.company.email);
  return `<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.heading)}</title>
</head>
<body style="margin:0;padding:0;background-color:${COLOURS.page};">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${options.preheader}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${COLOURS.page};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background-color:${COLOURS.card};border:1px solid ${COLOURS.border};border-radius:12px;">
<tr><td style="padding:20px 28px;background-color:${COLOURS.brand};border-radius:12px 12px 0 0;${FONT}font-size:18px;font-weight:bold;color:#ffffff;">${name}</td></tr>
<tr><td style="padding:28px;${FONT}font-size:16px;line-height:1.6;color:${COLOURS.text};">
${EDITABLE_START}
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${COLOURS.brand};">${escapeHtml(options.heading)}</h1>
${options.body}
<p style="margin:0;">Kind regards,<br>${name}</p>
${EDITABLE_END}
</td></tr>
<tr><td style="padding:20px 28px;border-top:1px solid ${COLOURS.border};${FONT}font-size:13px;line-height:1.6;color:${COLOURS.muted};">
Questions about your account? Call us on ${phone} (Monday to Friday, 9:00 AM to 5:30 PM) or email <a href="mailto:${email}" style="color:${COLOURS.brand};">${email}</a>.<br>
This message is for the named leaseholder only. We will never ask for your card details by email or phone.
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}
