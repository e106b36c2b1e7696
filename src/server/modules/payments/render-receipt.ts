import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { formatDateTime } from '../../../shared/dates.js';
import { formatPence } from '../../../shared/money.js';

export interface ReceiptData {
  company: { name: string; phone: string; email: string; address?: string | undefined };
  tenantName: string;
  property: string;
  amountPence: number;
  methodLabel: string;
  transactionId: string;
  /** Epoch ms; printed in Europe/London. */
  paidAt: number;
  /** What the account still owes after this payment (a part payment), pence; omitted when unknown. */
  remainingPence?: number;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const INK = rgb(0.11, 0.13, 0.17);
const MUTED = rgb(0.4, 0.43, 0.48);
const ACCENT = rgb(0.09, 0.4, 0.27);
const RULE = rgb(0.85, 0.87, 0.9);

/**
 * The standard PDF fonts only know WinAnsi (Latin-1 plus a few): names from spreadsheets may
 * hold anything. Accents are dropped to their base letter, anything else becomes '?', so a
 * receipt is always produced.
 */
function printable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text.normalize('NFC')]
    .map((char) => {
      if (known.has(char.codePointAt(0)!)) return char;
      const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
      return [...base].every((c) => known.has(c.codePointAt(0)!)) && base ? base : '?';
    })
    .join('')
    .replace(/[\r\n\t]+/g, ' ');
}

function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines.length > 0 ? lines : [''];
}

/** A one-page A4 receipt for a succeeded payment (issue 6 item 6), made on the server. */
export async function renderReceipt(data: ReceiptData): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Payment receipt ${data.transactionId}`);
  pdf.setAuthor(data.company.name);
  pdf.setCreator(data.company.name);
  pdf.setCreationDate(new Date(data.paidAt));
  const page: PDFPage = pdf.addPage(A4);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const contentWidth = A4[0] - 2 * MARGIN;
  let y = A4[1] - MARGIN;

  const text = (
    value: string,
    options: { font?: PDFFont; size?: number; x?: number; color?: typeof INK },
  ) => {
    const font = options.font ?? regular;
    page.drawText(printable(font, value), {
      x: options.x ?? MARGIN,
      y,
      size: options.size ?? 11,
      font,
      color: options.color ?? INK,
    });
  };
  const rule = () => {
    page.drawLine({
      start: { x: MARGIN, y },
      end: { x: A4[0] - MARGIN, y },
      thickness: 1,
      color: RULE,
    });
  };

  // Letterhead: who was paid, and how to reach them.
  text(data.company.name, { font: bold, size: 18 });
  y -= 18;
  const contact = [data.company.address, data.company.phone, data.company.email].filter(Boolean);
  for (const line of wrap(regular, printable(regular, contact.join('  |  ')), 9.5, contentWidth)) {
    text(line, { size: 9.5, color: MUTED });
    y -= 13;
  }
  y -= 22;
  text('Payment receipt', { font: bold, size: 24, color: ACCENT });
  y -= 20;
  text(`Paid on ${formatDateTime(data.paidAt)} (UK time)`, { size: 11, color: MUTED });
  y -= 26;
  rule();
  y -= 28;

  // Amount first: it is what the leaseholder looks for.
  text('Amount paid', { size: 11, color: MUTED });
  y -= 30;
  text(formatPence(data.amountPence), { font: bold, size: 28 });
  y -= 30;
  rule();
  y -= 26;

  const rows: [string, string][] = [
    ['Leaseholder', data.tenantName],
    ['Property', data.property],
    ['Payment method', data.methodLabel],
    ['Transaction ID', data.transactionId],
    ['Date & Time', formatDateTime(data.paidAt)],
    ['Status', 'Paid'],
  ];
  if (data.remainingPence !== undefined) {
    rows.push([
      data.remainingPence < 0 ? 'Credit on account' : 'Balance remaining',
      formatPence(Math.abs(data.remainingPence)),
    ]);
  }
  const labelWidth = 130;
  for (const [label, value] of rows) {
    text(label, { size: 11, color: MUTED });
    const lines = wrap(bold, printable(bold, value), 11, contentWidth - labelWidth);
    for (const [index, line] of lines.entries()) {
      if (index > 0) y -= 15;
      text(line, { font: bold, size: 11, x: MARGIN + labelWidth });
    }
    y -= 26;
  }
  rule();
  y -= 24;
  for (const line of wrap(
    regular,
    `Thank you for your payment. Please keep this receipt for your records. If you have any questions about it, contact ${data.company.name} on ${data.company.phone} or at ${data.company.email}, quoting the transaction ID.`,
    10,
    contentWidth,
  )) {
    text(line, { size: 10, color: MUTED });
    y -= 14;
  }
  return pdf.save();
}
