import { CircleAlert } from "lucide-react";
import { Link } from "wouter";
import { StatusCard } from "@/components/status-card";
import { buttonVariants } from "@/components/ui/button";
import { useDocumentTitle } from "@/lib/use-document-title";

export function NotFoundPage() {
  useDocumentTitle();
  return (
    <StatusCard
      className="min-h-full w-full bg-muted/40 p-4"
      icon={<CircleAlert className="size-7 shrink-0 text-destructive" aria-hidden />}
      title="404 Page Not Found"
      titleClassName="text-2xl font-bold"
    >
      {/* The spec's hint spoke to the app's developers; this one to its users (docs/decisions/032-messages-in-users-words.md). */}
      <p className="text-sm text-muted-foreground">
        There is no page at this address. It may have moved, or the link may be mistyped.
      </p>
      <Link href="/" className={buttonVariants({ variant: "outline", size: "sm" })}>
        Go to Homepage
      </Link>
    </StatusCard>
  );
}
