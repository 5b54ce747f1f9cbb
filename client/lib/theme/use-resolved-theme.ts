import { useSyncExternalStore } from "react";
import {
  getPreference,
  type ResolvedTheme,
  resolveTheme,
  subscribeTheme,
  systemPrefersDark,
} from "./theme-store";

/**
 * The theme shown now, for what draws its own colours (a canvas, a chart library) and must draw
 * again when it changes. Reads this browser's theme alone, without asking for the user: useTheme
 * keeps it in step with the user's choice.
 */
export function useResolvedTheme(): ResolvedTheme {
  const preference = useSyncExternalStore(subscribeTheme, getPreference, getPreference);
  const systemDark = useSyncExternalStore(subscribeTheme, systemPrefersDark, () => false);
  return resolveTheme(preference, systemDark);
}
