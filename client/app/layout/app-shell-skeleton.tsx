import { Skeleton } from "@/components/ui/skeleton";
import { readSidebarCollapsed } from "@/lib/storage-keys";
import { cn } from "@/lib/utils";

/** The signed-in layout's shape while the user is being fetched, so nothing jumps when it arrives. */
export function AppShellSkeleton() {
  const sidebarCollapsed = readSidebarCollapsed();
  return (
    <div className="flex h-full flex-col" aria-busy="true">
      <span className="sr-only">Loading</span>
      <div className="flex h-14 shrink-0 items-center gap-3 border-b px-3">
        <Skeleton className="size-9" />
        <Skeleton className="h-6 w-48" />
        <Skeleton className="ml-auto size-8 rounded-full" />
      </div>
      <div className="flex min-h-0 flex-1">
        {!sidebarCollapsed && (
          <div className="hidden w-(--sidebar-width) shrink-0 flex-col gap-2 border-r bg-sidebar p-3 md:flex">
            <Skeleton className="h-8 w-full" />
            <Skeleton className="mt-4 h-4 w-24" />
            <Skeleton className="h-7 w-full" />
            <Skeleton className="h-7 w-5/6" />
            <Skeleton className="h-7 w-4/6" />
          </div>
        )}
        <PageSkeleton className="flex-1" />
      </div>
    </div>
  );
}

/**
 * A signed-in page's content while it loads: a title, a line and a block. Alone (while a page's code
 * downloads) it says so (`loadingLabel`); inside the app's skeleton that says it.
 */
export function PageSkeleton({ className, loadingLabel }: { className?: string; loadingLabel?: string }) {
  return (
    <div className={cn("space-y-4 p-4 sm:p-6", className)} aria-busy={loadingLabel ? "true" : undefined}>
      {loadingLabel && <span className="sr-only">{loadingLabel}</span>}
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-4 w-72 max-w-full" />
      <Skeleton className="h-40 w-full max-w-3xl" />
    </div>
  );
}
