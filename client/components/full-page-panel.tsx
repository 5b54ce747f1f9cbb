import { Maximize2, Minimize2 } from "lucide-react";
import type * as React from "react";
import { useEffect } from "react";
import { IconButton } from "@/components/icon-button";

/** The Full Page toggle of a view (list, graph, Gantt): enlarge to the whole window, or back. */
export function FullPageToggle({ fullPage, onToggle }: { fullPage: boolean; onToggle: () => void }) {
  return (
    <IconButton
      label={fullPage ? "Exit Full Page" : "Full Page"}
      variant="outline"
      aria-pressed={fullPage}
      onClick={onToggle}
    >
      {fullPage ? <Minimize2 aria-hidden /> : <Maximize2 aria-hidden />}
    </IconButton>
  );
}

type FullPagePanelProps = {
  fullPage: boolean;
  onExit: () => void;
  /** Shown as the heading while the panel fills the window, e.g. "Launch - Task List". */
  title: string;
  children: React.ReactNode;
};

/**
 * Holds a view in the page, or over the whole window in full-page mode (with its title as a
 * heading). Escape leaves full-page mode unless a dialog or menu is open, which Escape closes first.
 */
export function FullPagePanel({ fullPage, onExit, title, children }: FullPagePanelProps) {
  useEffect(() => {
    if (!fullPage) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"]')) return;
      onExit();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [fullPage, onExit]);

  if (!fullPage) return <section>{children}</section>;
  return (
    <section
      aria-label={title}
      className="fixed inset-0 z-40 flex flex-col gap-4 overflow-y-auto bg-background p-4 sm:p-6"
    >
      <h1 className="truncate text-xl font-semibold tracking-tight">{title}</h1>
      {children}
    </section>
  );
}
