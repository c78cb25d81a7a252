import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-error';

/** The one query cache of the app, shared by every page (see routing/page-scope.tsx). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A 4xx will not change by asking again.
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
    },
  },
});
