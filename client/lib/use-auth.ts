import { apiRoutes } from "@core/api/routes";
import type { PublicUser } from "@core/schemas/auth";
import { useQuery } from "@tanstack/react-query";
import { getQueryFn } from "./api-client";

export const AUTH_USER_QUERY_KEY = [apiRoutes.authUser.url()] as const;

/**
 * The signed-in user, or null. Unlike other data it is re-checked on focus, mount and reconnect
 * (fresh for 5 s) so a session that ended in another tab is noticed.
 */
export function useAuth() {
  const { data, isLoading } = useQuery<PublicUser | null>({
    queryKey: AUTH_USER_QUERY_KEY,
    queryFn: getQueryFn<PublicUser>({ on401: "returnNull" }),
    refetchOnWindowFocus: true,
    refetchOnMount: true,
    refetchOnReconnect: true,
    staleTime: 5_000,
    retry: false,
  });
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null };
}
