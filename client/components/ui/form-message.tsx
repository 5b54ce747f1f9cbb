import type * as React from "react";
import { cn } from "@/lib/utils";

/** A field's validation message, tied to its input with `id` and the input's aria-describedby. */
export function FormMessage({ className, children, ...props }: React.ComponentProps<"p">) {
  if (!children) return null;
  return (
    <p role="alert" className={cn("text-sm font-medium text-destructive", className)} {...props}>
      {children}
    </p>
  );
}
