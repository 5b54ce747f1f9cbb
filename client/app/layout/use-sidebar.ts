import { useCallback, useEffect, useState } from "react";
import { readSidebarCollapsed, writeSidebarCollapsed } from "@/lib/storage-keys";
import { useIsMobile } from "@/lib/use-is-mobile";

/**
 * The sidebar's open state. On wide screens it is a column whose collapsed state persists in
 * localStorage (sidebar_collapsed); under 768 px it overlays the page, starts closed, and its
 * state is not persisted, so opening it on a phone does not change the desktop preference.
 */
export function useSidebar() {
  const isMobile = useIsMobile();
  const [collapsedOnDesktop, setCollapsedOnDesktop] = useState(readSidebarCollapsed);
  const [openOnMobile, setOpenOnMobile] = useState(false);

  // Crossing the breakpoint starts the overlay closed again.
  useEffect(() => {
    if (isMobile) setOpenOnMobile(false);
  }, [isMobile]);

  const toggle = useCallback(() => {
    if (isMobile) {
      setOpenOnMobile((open) => !open);
      return;
    }
    const next = !collapsedOnDesktop;
    setCollapsedOnDesktop(next);
    writeSidebarCollapsed(next);
  }, [isMobile, collapsedOnDesktop]);

  const closeOverlay = useCallback(() => setOpenOnMobile(false), []);

  return {
    isMobile,
    collapsed: isMobile ? !openOnMobile : collapsedOnDesktop,
    toggle,
    /** Closes the sidebar when it overlays the page (after navigating, on Escape); no-op otherwise. */
    closeOverlay,
  };
}
