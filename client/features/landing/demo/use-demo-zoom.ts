import { useSyncExternalStore } from "react";
import { DEMO_ZOOMS, type DemoZoom, pickDemoZoom } from "./demo-zoom";

function subscribe(onChange: () => void): () => void {
  window.addEventListener("resize", onChange);
  return () => window.removeEventListener("resize", onChange);
}

/** The demo's zoom for the current window width, kept current as the window is resized. */
export function useDemoZoom(): DemoZoom {
  return useSyncExternalStore(
    subscribe,
    () => pickDemoZoom(window.innerWidth),
    () => DEMO_ZOOMS.desktop,
  );
}
