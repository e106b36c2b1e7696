/**
 * What a Payment Status search looks in: name, email and address in one lower-cased string,
 * made here rather than by the database's lower() (SQLite's folds ASCII only, so "Ó" would not
 * match "ó"), and one LIKE on one column instead of three.
 */
export function tenantSearchText(tenant: {
  name: string;
  email: string | null;
  address: string;
}): string {
  return [tenant.name, tenant.email ?? '', tenant.address].join('\n').toLowerCase();
}
