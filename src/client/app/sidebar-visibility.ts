/** The admin page listed in the sidebar, which the "/payment" rule below must not hide. */
const ADMIN_PAYMENTS_PAGE = /^\/payments(\/|$)/;

/**
 * Spec section 2: the sidebar is for signed-in staff only, and never on the public home page
 * or on a public payment page (any path containing "/payment"). Read literally that rule would
 * also hide it on /payments, the Payment Status page it links to, so that page is excepted.
 */
export function isSidebarShown(path: string, isAuthenticated: boolean): boolean {
  if (!isAuthenticated || path === '/') return false;
  return !path.includes('/payment') || ADMIN_PAYMENTS_PAGE.test(path);
}
