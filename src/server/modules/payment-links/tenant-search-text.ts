/**
 * What a Payment Status search looks in: name, emails and address in one lower-cased string,
 * made here rather than by the database's lower() (SQLite's folds ASCII only, so "Ó" would not
 * match "ó"), and one LIKE on one column instead of three.
 */
export function tenantSearchText(tenant: {
  name: string;
  email: string | null;
  address: string;
  otherEmails?: string | null;
}): string {
  const text = [tenant.name, tenant.email ?? '', tenant.address];
  if (tenant.otherEmails) text.push(tenant.otherEmails);
  return text.join('\n').toLowerCase();
}
