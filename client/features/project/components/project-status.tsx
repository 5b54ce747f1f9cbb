import { CircleAlert, SearchX } from "lucide-react";
import { Link } from "wouter";
import { StatusCard } from "@/components/status-card";
import { Button, buttonVariants } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";

/** The project page's shape while the project loads. */
export function ProjectPageSkeleton() {
  return (
    <div className="flex flex-col gap-4 p-4 sm:p-6" aria-busy="true">
      <span className="sr-only">Loading project</span>
      <div className="flex items-center justify-between gap-3">
        <Skeleton className="h-8 w-56 max-w-[60%]" />
        <div className="flex gap-2">
          <Skeleton className="h-9 w-28" />
          <Skeleton className="size-9" />
          <Skeleton className="size-9" />
          <Skeleton className="size-9" />
        </div>
      </div>
      <Skeleton className="h-9 w-full max-w-xl" />
      <Skeleton className="h-80 w-full" />
    </div>
  );
}

/** For a project that does not exist or that the user has no access to (the server answers 404). */
export function ProjectNotFound() {
  return (
    <StatusCard
      className="min-h-full p-4"
      icon={<SearchX className="size-6 shrink-0 text-muted-foreground" aria-hidden />}
      title="Project Not Found"
    >
      <p className="text-sm text-muted-foreground">
        This project does not exist, or it has not been shared with you.
      </p>
      <Link href="/projects" className={buttonVariants({ variant: "outline", size: "sm" })}>
        Show all projects
      </Link>
    </StatusCard>
  );
}

export function ProjectLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <StatusCard
      className="min-h-full p-4"
      icon={<CircleAlert className="size-6 shrink-0 text-destructive" aria-hidden />}
      title="Error Loading Project"
    >
      <p className="text-sm wrap-anywhere text-muted-foreground">{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </StatusCard>
  );
}
