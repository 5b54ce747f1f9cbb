import { useSyncExternalStore } from "react";

/** Under 768 px is mobile, under 1024 px is tablet. */
export const MOBILE_BREAKPOINT = 768;
export const TABLET_BREAKPOINT = 1024;

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT - 1}px)`;

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(MOBILE_QUERY);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
}

/** Whether the viewport is narrower than 768 px, kept current as the window is resized. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
}
