import { createQueryClient } from '@/lib/query-client';

/** The app's one query client; sign-in and sign-out clear it (spec section 4). */
export const queryClient = createQueryClient();
