import { apiRoutes } from "@core/api/routes";
import type { PublicUser, ThemePreference } from "@core/schemas/auth";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useSyncExternalStore } from "react";
import { requestJson } from "@/lib/api-client";
import { errorMessage } from "@/lib/error-message";
import { AUTH_USER_QUERY_KEY, useAuth } from "@/lib/use-auth";
import { toast } from "@/lib/use-toast";
import {
  applyTheme,
  getPreference,
  type ResolvedTheme,
  resolveTheme,
  setCachedPreference,
  subscribeTheme,
  systemPrefersDark,
} from "./theme-store";

export type { ResolvedTheme } from "./theme-store";

export interface ThemeControls {
  /** What the user chose: follow the system, or always light or dark. */
  preference: ThemePreference;
  /** What is shown now. */
  resolved: ResolvedTheme;
  /** Chooses a theme; a signed-in user's choice is saved on the server, for every device. */
  setPreference: (preference: ThemePreference) => void;
  /** Switches to the other theme explicitly: light to dark, dark to light. */
  toggle: () => void;
}

/**
 * The theme: the signed-in user's choice (cached on this browser for the first paint), else the
 * cached choice, else the system's (docs/spec/themes.md).
 */
export function useTheme(): ThemeControls {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const cached = useSyncExternalStore(subscribeTheme, getPreference, getPreference);
  const systemDark = useSyncExternalStore(subscribeTheme, systemPrefersDark, () => false);
  const preference = user?.theme ?? cached;
  const resolved = resolveTheme(preference, systemDark);

  // The server's choice wins over the cache: it may have been made on another device.
  useEffect(() => {
    if (user && user.theme !== getPreference()) setCachedPreference(user.theme);
  }, [user]);

  useEffect(() => applyTheme(resolved), [resolved]);

  const setPreference = useCallback(
    (next: ThemePreference) => {
      const before = queryClient.getQueryData<PublicUser | null>(AUTH_USER_QUERY_KEY);
      const previousPreference = before?.theme ?? getPreference();
      setCachedPreference(next);
      if (!before) return;
      // A read of the user already on its way would answer the theme as it was.
      void queryClient.cancelQueries({ queryKey: AUTH_USER_QUERY_KEY });
      const optimistic: PublicUser = { ...before, theme: next };
      queryClient.setQueryData<PublicUser | null>(AUTH_USER_QUERY_KEY, optimistic);
      requestJson<PublicUser>("PATCH", apiRoutes.userPreferences.url(), { theme: next })
        .then((saved) => queryClient.setQueryData<PublicUser | null>(AUTH_USER_QUERY_KEY, saved))
        .catch((error: unknown) => {
          const current = queryClient.getQueryData<PublicUser | null>(AUTH_USER_QUERY_KEY);
          // A later choice made meanwhile stays; only this one is undone.
          if (current?.theme === next) {
            const restored: PublicUser = { ...current, theme: previousPreference };
            queryClient.setQueryData<PublicUser | null>(AUTH_USER_QUERY_KEY, restored);
            setCachedPreference(previousPreference);
          }
          toast({ variant: "destructive", title: "Failed to save theme", description: errorMessage(error) });
        });
    },
    [queryClient],
  );

  const toggle = useCallback(
    () => setPreference(resolved === "dark" ? "light" : "dark"),
    [resolved, setPreference],
  );

  return { preference, resolved, setPreference, toggle };
}
