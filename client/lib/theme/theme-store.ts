// The applied theme, outside React: main.tsx applies it before the first render (no flash of the
// wrong theme), and it follows the system's setting live when the preference is "system"
// (docs/spec/themes.md).
import { THEME_PREFERENCES, type ThemePreference } from "@core/schemas/auth";
import { readStoredString, STORAGE_KEYS, writeStoredString } from "@/lib/storage-keys";

export type ResolvedTheme = "light" | "dark";

export const DARK_SCHEME_QUERY = "(prefers-color-scheme: dark)";

const isThemePreference = (value: unknown): value is ThemePreference =>
  typeof value === "string" && (THEME_PREFERENCES as readonly string[]).includes(value);

/** The preference cached on this browser, "system" when none is. */
export function readCachedPreference(): ThemePreference {
  const stored = readStoredString(STORAGE_KEYS.theme);
  return isThemePreference(stored) ? stored : "system";
}

/** Whether the system asks for dark; false where matchMedia is missing. */
export function systemPrefersDark(): boolean {
  return typeof window !== "undefined" && typeof window.matchMedia === "function"
    ? window.matchMedia(DARK_SCHEME_QUERY).matches
    : false;
}

/**
 * The theme a preference shows.
 * @example resolveTheme("system", true) // "dark"
 */
export function resolveTheme(preference: ThemePreference, systemDark: boolean): ResolvedTheme {
  if (preference === "system") return systemDark ? "dark" : "light";
  return preference;
}

/** Puts the theme on <html>: the `dark` class the tokens hang on, and the native controls' scheme. */
export function applyTheme(theme: ResolvedTheme): void {
  const root = document.documentElement;
  root.classList.toggle("dark", theme === "dark");
  root.style.colorScheme = theme;
}

let preference: ThemePreference | null = null;
const listeners = new Set<() => void>();

export function getPreference(): ThemePreference {
  preference ??= readCachedPreference();
  return preference;
}

/** Caches the preference on this browser and applies it; listeners re-render. */
export function setCachedPreference(next: ThemePreference): void {
  writeStoredString(STORAGE_KEYS.theme, next);
  if (next === getPreference()) return;
  preference = next;
  applyTheme(resolveTheme(next, systemPrefersDark()));
  for (const listener of listeners) listener();
}

/**
 * The system's setting is heard by one listener, which applies the theme and only then tells the
 * subscribers: a subscriber that reads the page's colours (the graph's canvas) reads the new ones.
 */
let watchedMatchMedia: typeof window.matchMedia | null = null;
function watchSystemScheme(): void {
  // Watched again only if matchMedia itself was replaced (the dom tests stub it per test).
  if (typeof window.matchMedia !== "function" || watchedMatchMedia === window.matchMedia) return;
  watchedMatchMedia = window.matchMedia;
  window.matchMedia(DARK_SCHEME_QUERY).addEventListener("change", () => {
    applyTheme(resolveTheme(getPreference(), systemPrefersDark()));
    for (const listener of listeners) listener();
  });
}

/** Listens to the preference and to the system's setting, after the theme they give is applied. */
export function subscribeTheme(listener: () => void): () => void {
  watchSystemScheme();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Applies the cached theme now and keeps it applied: when the system's setting changes, and when
 * another tab chooses a theme. Called once, before the first render.
 */
let started = false;
export function startThemeSync(): void {
  applyTheme(resolveTheme(getPreference(), systemPrefersDark()));
  watchSystemScheme();
  if (started) return;
  started = true;
  window.addEventListener("storage", (event) => {
    if (event.key !== STORAGE_KEYS.theme) return;
    const next = readCachedPreference();
    if (next !== getPreference()) setCachedPreference(next);
  });
}
