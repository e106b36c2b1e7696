export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_ADMIN_PASSWORD = 'e2e-admin-password-1';
