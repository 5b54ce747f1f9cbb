import { QueryClient } from "@tanstack/react-query";
import { getQueryFn } from "./api-client";
import { writeNoticesCache } from "./write-notices";

// Data is fetched once and refreshed by invalidation after writes (and, later, by the live event
// stream), never by polling or focus; failures surface at once instead of retrying.
export const queryClient = new QueryClient({
  // Each write's success and failure notices, as its hook declares them (write-notices.ts).
  mutationCache: writeNoticesCache(),
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: "throw" }),
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    },
    mutations: {
      retry: false,
      // A write is sent whatever the browser thinks of its connection: TanStack Query would pause
      // it while offline, and the button would read "Updating..." with no word. Sent, it fails
      // at once and the failure says the server could not be reached (error-message.ts).
      networkMode: "always",
    },
  },
});
