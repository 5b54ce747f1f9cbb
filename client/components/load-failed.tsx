import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/error-message";
import { cn } from "@/lib/utils";

/** In place of a panel's list that failed to load: what failed, the error, and Try again. */
export function LoadFailed({
  title,
  error,
  onRetry,
  className,
}: {
  /** "Failed to load members". */
  title: string;
  error: unknown;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div className={cn("flex flex-col items-center gap-3 px-4 py-10 text-center", className)}>
      <p className="font-medium">{title}</p>
      <p className="text-sm wrap-anywhere text-muted-foreground">{errorMessage(error)}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
