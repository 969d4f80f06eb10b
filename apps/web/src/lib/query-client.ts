import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /**
       * A 403 on this query is handled where it is used instead of redirecting: the deck-size bar is
       * hidden on a 403 (spec 02 §6).
       */
      quietAccessDenied?: boolean;
    };
  }
}

/** Client errors (4xx) will not change on a retry; network and server errors get one more try. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/**
 * The app's query client. Every failed query or mutation passes through one handler: an
 * access-denied error (HTTP 403) sends the visitor to /create-flashcards (spec 01 §2.1).
 */
export function createQueryClient(onAccessDenied: () => void): QueryClient {
  const onError = (error: unknown) => {
    if (isApiError(error) && error.accessDenied) onAccessDenied();
  };
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.quietAccessDenied) onError(error);
      },
    }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
