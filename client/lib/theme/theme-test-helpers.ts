// The dom tests' system colour scheme: a matchMedia whose "(prefers-color-scheme: dark)" answer the
// test sets, telling listeners as a browser does; and the user whose theme they read.
import type { PublicUser, ThemePreference } from "@core/schemas/auth";
import { act } from "@testing-library/react";
import { vi } from "vitest";
import { DARK_SCHEME_QUERY } from "./theme-store";

export function stubSystemScheme(initiallyDark: boolean) {
  let dark = initiallyDark;
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  vi.stubGlobal("matchMedia", (query: string) => ({
    get matches() {
      return query === DARK_SCHEME_QUERY ? dark : false;
    },
    media: query,
    onchange: null,
    addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => {
      if (query === DARK_SCHEME_QUERY) listeners.add(listener);
    },
    removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
      listeners.delete(listener),
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => true,
  }));
  return {
    /** The system switches its scheme, as when the OS goes dark at sunset. */
    setDark(next: boolean) {
      dark = next;
      act(() => {
        for (const listener of listeners) listener({ matches: next } as MediaQueryListEvent);
      });
    },
  };
}

/** Whether <html> carries the dark theme. */
export const htmlIsDark = () => document.documentElement.classList.contains("dark");

/** Ada, signed in, with `theme` as her remembered choice. */
export const userWithTheme = (theme: ThemePreference): PublicUser => ({
  id: 1,
  email: "ada@example.com",
  firstName: "Ada",
  lastName: null,
  profileImageUrl: null,
  username: "ada",
  theme,
});
