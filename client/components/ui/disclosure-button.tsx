import { ChevronDown } from "lucide-react";
import type * as React from "react";
import { cn } from "@/lib/utils";

type DisclosureButtonProps = {
  expanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
  /** The id of the panel it shows and hides. */
  controls: string;
  className?: string;
  children: React.ReactNode;
};

/** Shows or hides a panel (a collapsible section's heading): its chevron points down while open. */
export function DisclosureButton({
  expanded,
  onExpandedChange,
  controls,
  className,
  children,
}: DisclosureButtonProps) {
  return (
    <button
      type="button"
      aria-expanded={expanded}
      aria-controls={controls}
      onClick={() => onExpandedChange(!expanded)}
      className={cn("flex items-center outline-none focus-visible:ring-2 focus-visible:ring-ring", className)}
    >
      <ChevronDown
        aria-hidden
        className={cn(
          "size-4 shrink-0 text-muted-foreground transition-transform",
          !expanded && "-rotate-90",
        )}
      />
      {children}
    </button>
  );
}
