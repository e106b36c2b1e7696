import { apiRequest } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';
import { formatDateTime } from '../../../shared/dates';
import {
  type PaymentLinkItem,
  type PaymentLinkListQuery,
  type PaymentLinkPage,
  paymentLinksUrl,
} from '../../../shared/payment-links';

function cell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** Every link of the current filter and sort as a CSV that opens safely in Excel. */
export async function exportPaymentLinks(query: PaymentLinkListQuery): Promise<number> {
  const items: PaymentLinkItem[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await apiRequest<PaymentLinkPage>(
      'GET',
      paymentLinksUrl({ ...query, limit: 500, offset }),
    );
    items.push(...page.items);
    if (items.length >= page.total || page.items.length === 0) break;
  }
  const header = [
    'Tenant Name',
    'Email',
    'Phone',
    'Property Address',
    'Amount (£)',
    'Status',
    'Created',
    'Expires',
    'Paid',
    'Payment Link',
  ];
  const lines = [header.map(cell).join(',')];
  for (const item of items) {
    lines.push(
      [
        item.tenant.name,
        item.tenant.email,
        item.tenant.phone,
        item.tenant.address,
        item.amount,
        item.status,
        formatDateTime(item.createdAt),
        formatDateTime(item.expiresAt),
        item.paidAt ? formatDateTime(item.paidAt) : '',
        item.linkUrl,
      ]
        .map(cell)
        .join(','),
    );
  }
  saveBlob(
    new Blob([`\uFEFF${lines.join('\r\n')}\r\n`], { type: 'text/csv;charset=utf-8' }),
    'payment-links.csv',
  );
  return items.length;
}
