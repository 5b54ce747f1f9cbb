import { CircleAlert, FileQuestion, ShieldX } from "lucide-react";
import { useLocation } from "wouter";
import { StatusCard } from "@/components/status-card";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { PUBLIC_VIEW_TEXTS } from "@/features/project/public/public-project";

/** The public page's shape while the project loads. */
export function PublicProjectSkeleton() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      <span className="sr-only">Loading shared project</span>
      <Skeleton className="h-8 w-56 max-w-[60%]" />
      <Skeleton className="h-9 w-full max-w-sm" />
      <Skeleton className="h-80 w-full" />
    </div>
  );
}

/** An unknown or revoked link (the server answers 404). */
export function AccessDenied() {
  const [, navigate] = useLocation();
  return (
    <StatusCard
      className="flex-1 py-8"
      icon={<ShieldX className="size-6 shrink-0 text-destructive" aria-hidden />}
      title="Access Denied"
    >
      <p className="text-sm text-muted-foreground">{PUBLIC_VIEW_TEXTS.invalidLink}</p>
      <Button variant="outline" size="sm" onClick={() => navigate("/")}>
        Go to Homepage
      </Button>
    </StatusCard>
  );
}

export function PublicLoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <StatusCard
      className="flex-1 py-8"
      icon={<CircleAlert className="size-6 shrink-0 text-destructive" aria-hidden />}
      title={PUBLIC_VIEW_TEXTS.loadFailed}
    >
      <p className="text-sm wrap-anywhere text-muted-foreground">{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </StatusCard>
  );
}

export function NoPublicProjectData() {
  return (
    <StatusCard
      className="flex-1 py-8"
      icon={<FileQuestion className="size-6 shrink-0 text-muted-foreground" aria-hidden />}
      title={PUBLIC_VIEW_TEXTS.noData}
    />
  );
}
