import { cn } from "@/lib/utils";

export const PRODUCT_NAME = "Visual Project Planner";

/** The product mark: three tasks joined by dependency arrows, as in the favicon. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn("size-7 shrink-0", className)}>
      <rect width="32" height="32" rx="7" className="fill-primary" />
      <circle cx="9" cy="10" r="3.5" className="fill-primary-foreground" />
      <circle cx="23" cy="10" r="3.5" className="fill-primary-foreground" />
      <circle cx="16" cy="23" r="3.5" className="fill-primary-foreground" />
      <path
        d="M11 12.5 14.5 20M21 12.5 17.5 20"
        className="stroke-primary-foreground"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** Mark and name; the name hides on very narrow screens when `compact` is set. */
export function Logo({ className, compact = false }: { className?: string; compact?: boolean }) {
  return (
    <span className={cn("inline-flex items-center gap-2 font-semibold tracking-tight", className)}>
      <LogoMark />
      <span className={cn("text-[15px]", compact && "max-[420px]:sr-only")}>{PRODUCT_NAME}</span>
    </span>
  );
}
