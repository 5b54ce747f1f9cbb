// The demo graph's zoom per screen size (mobile under 768 px, tablet under 1024 px, desktop
// otherwise). Phones also turn the drawing on its side, so that a plan four levels deep stays two
// cards wide instead of four and needs no sideways scrolling.
import { MOBILE_BREAKPOINT, TABLET_BREAKPOINT } from "@/lib/use-is-mobile";

export type DemoScreen = "mobile" | "tablet" | "desktop";
/** Which way the arrows run: prerequisites left of their dependents, or above them. */
export type DemoOrientation = "horizontal" | "vertical";
export type DemoZoom = { screen: DemoScreen; scale: number; orientation: DemoOrientation };

export const DEMO_ZOOMS: Record<DemoScreen, DemoZoom> = {
  mobile: { screen: "mobile", scale: 0.8, orientation: "vertical" },
  tablet: { screen: "tablet", scale: 0.85, orientation: "horizontal" },
  desktop: { screen: "desktop", scale: 1, orientation: "horizontal" },
};

/**
 * The zoom for a viewport this many CSS pixels wide.
 * @example pickDemoZoom(375) // { screen: "mobile", scale: 0.8, orientation: "vertical" }
 */
export function pickDemoZoom(viewportWidth: number): DemoZoom {
  if (viewportWidth < MOBILE_BREAKPOINT) return DEMO_ZOOMS.mobile;
  if (viewportWidth < TABLET_BREAKPOINT) return DEMO_ZOOMS.tablet;
  return DEMO_ZOOMS.desktop;
}
