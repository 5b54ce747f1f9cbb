import type * as React from "react";
import { useEffect } from "react";
import { useLocation } from "wouter";
import { AppHeader } from "@/app/layout/app-header";
import { AppSidebar } from "@/app/layout/app-sidebar";
import { CommandPaletteProvider } from "@/app/layout/command-palette";
import { GlobalCommands } from "@/app/layout/command-palette-commands";
import { useSidebar } from "@/app/layout/use-sidebar";
import { isProjectPath, PROJECT_TASKS_ID } from "@/lib/skip-links";

/** A link only seen when it has the keyboard focus: the first stops of the Tab order. */
function SkipLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <a
      href={href}
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded-md focus:bg-background focus:px-3 focus:py-2 focus:text-sm focus:shadow-md focus:ring-2 focus:ring-ring"
    >
      {children}
    </a>
  );
}

/**
 * The frame of every signed-in page: header on top, sidebar at the left, the page in the rest, and
 * the command palette over them (Ctrl+K).
 */
export function AppLayout({ children }: { children: React.ReactNode }) {
  const sidebar = useSidebar();
  const { isMobile, collapsed, closeOverlay } = sidebar;
  const [location] = useLocation();

  // On a phone the overlay is a way to navigate: it closes once the page changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: location is the trigger, not an input.
  useEffect(() => {
    closeOverlay();
  }, [location, closeOverlay]);

  useEffect(() => {
    if (!isMobile || collapsed) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") closeOverlay();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [isMobile, collapsed, closeOverlay]);

  return (
    <CommandPaletteProvider>
      <GlobalCommands />
      <div className="flex h-full flex-col">
        <SkipLink href="#main">Skip to content</SkipLink>
        {isProjectPath(location) && <SkipLink href={`#${PROJECT_TASKS_ID}`}>Skip to tasks</SkipLink>}
        <AppHeader sidebarCollapsed={collapsed} onToggleSidebar={sidebar.toggle} />
        <div className="relative flex min-h-0 flex-1">
          <AppSidebar collapsed={collapsed} overlay={isMobile} onClose={closeOverlay} />
          <main id="main" tabIndex={-1} className="min-w-0 flex-1 overflow-y-auto outline-none">
            {children}
          </main>
        </div>
      </div>
    </CommandPaletteProvider>
  );
}
