import type { PreviewData } from '../../shared/messages';

/**
 * The single message preview's address for one link (spec section 5: tenant as URL-encoded JSON,
 * amount, paymentUrl, expiresAt), so any page that lists a link can open its preview and send
 * from there (issue 31: reached from Payment Status and the leaseholder page).
 */
export function messagePreviewHref(data: PreviewData): string {
  const params = new URLSearchParams({
    tenant: JSON.stringify({
      name: data.tenant.name,
      email: data.tenant.email ?? null,
      phone: data.tenant.phone ?? null,
      address: data.tenant.address,
    }),
    amount: String(data.amount),
    paymentUrl: data.paymentUrl,
    expiresAt: data.expiresAt,
  });
  return `/message-preview?${params}`;
}
