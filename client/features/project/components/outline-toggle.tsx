import { ChevronRight } from "lucide-react";
import type * as React from "react";
import { cn } from "@/lib/utils";

/**
 * A summary's collapse and expand button in the list and the Gantt: a chevron that turns when
 * open; a leaf gets the same width of blank so names line up.
 */
export function OutlineToggle({
  summary,
  collapsed,
  className,
  ...button
}: { summary: boolean; collapsed: boolean } & Omit<
  React.ComponentProps<"button">,
  "type" | "aria-expanded"
>) {
  if (!summary) return <span aria-hidden className="size-6 shrink-0" />;
  return (
    <button
      type="button"
      aria-expanded={!collapsed}
      className={cn(
        "flex size-6 shrink-0 items-center justify-center rounded text-muted-foreground outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring",
        className,
      )}
      {...button}
    >
      <ChevronRight aria-hidden className={cn("size-4 transition-transform", !collapsed && "rotate-90")} />
    </button>
  );
}
