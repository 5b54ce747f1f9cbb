import type * as React from "react";
import { cn } from "@/lib/utils";

export function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div data-slot="skeleton" className={cn("animate-pulse rounded-md bg-muted", className)} {...props} />
  );
}

/**
 * The placeholders of a list's items: each its icon, then a line of text and a shorter one under it.
 * @example <SkeletonRows count={3} className="rounded-lg border px-4 py-3" icon="size-9" lines={["w-48", "w-32"]} />
 */
export function SkeletonRows({
  count,
  className,
  icon,
  lines: [line, subline],
}: {
  count: number;
  /** Each row's classes. */
  className?: string;
  /** The icon's size and shape. */
  icon: string;
  /** The two lines' widths. */
  lines: [string, string];
}) {
  return Array.from({ length: count }, (_, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
    <div key={index} className={cn("flex gap-3", className)}>
      <Skeleton className={icon} />
      <div className="flex-1 space-y-2">
        <Skeleton className={cn("h-4", line)} />
        <Skeleton className={cn("h-3", subline)} />
      </div>
    </div>
  ));
}
