import { QueryClient } from '@tanstack/react-query';

/**
 * Spec section 7: reads are cached indefinitely, with no retry, no refetch on focus and no
 * polling (the batch status poll sets its own). Every read names its own queryFn.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
