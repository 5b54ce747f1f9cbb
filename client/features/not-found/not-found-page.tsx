import { CircleAlert } from "lucide-react";
import { Link } from "wouter";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { useDocumentTitle } from "@/lib/use-document-title";

export function NotFoundPage() {
  useDocumentTitle();
  return (
    <div className="flex min-h-full w-full items-center justify-center bg-muted/40 p-4">
      <Card className="w-full max-w-md">
        <CardContent className="space-y-4 pt-6">
          <div className="flex items-center gap-2">
            <CircleAlert className="size-7 shrink-0 text-destructive" aria-hidden />
            <h1 className="text-2xl font-bold">404 Page Not Found</h1>
          </div>
          {/* The spec's hint spoke to the app's developers; this one to its users (docs/decisions/032). */}
          <p className="text-sm text-muted-foreground">
            There is no page at this address. It may have moved, or the link may be mistyped.
          </p>
          <Link href="/" className={buttonVariants({ variant: "outline", size: "sm" })}>
            Go to Homepage
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
