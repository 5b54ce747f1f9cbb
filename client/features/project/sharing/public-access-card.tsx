import { Copy, ExternalLink, Globe, Link2Off } from "lucide-react";
import { useId, useState } from "react";
import { IconButton } from "@/components/icon-button";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { useGenerateShareLink } from "@/entities/share/api/generate-share-link";
import { useShareToken } from "@/entities/share/api/get-share-token";
import { useRevokeShareLink } from "@/entities/share/api/revoke-share-link";
import { failureToast, SHARING_FAILURES, SHARING_TOASTS } from "@/features/project/sharing/sharing-toasts";
import { errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/use-toast";

/**
 * The Public Access card (owners and admins only): turn the read-only public link on, copy it, or
 * revoke it so it stops working.
 */
export function PublicAccessCard({ projectId }: { projectId: number }) {
  const link = useShareToken(projectId);
  const generate = useGenerateShareLink();
  const revoke = useRevokeShareLink();
  const [confirmingRevoke, setConfirmingRevoke] = useState(false);
  const urlId = useId();
  const headingId = useId();
  const shareUrl = link.data?.shareEnabled ? link.data.shareUrl : null;

  async function generateLink() {
    try {
      await generate.mutateAsync(projectId);
      toast(SHARING_TOASTS.linkGenerated);
    } catch (error) {
      failureToast(SHARING_FAILURES.generateLink, error);
    }
  }

  async function revokeLink() {
    try {
      await revoke.mutateAsync(projectId);
    } catch (error) {
      failureToast(SHARING_FAILURES.revokeLink, error);
      return;
    }
    setConfirmingRevoke(false);
    toast(SHARING_TOASTS.linkRevoked);
  }

  async function copyLink(url: string) {
    try {
      // The Clipboard API needs a secure context (HTTPS or localhost); elsewhere it is missing.
      if (!navigator.clipboard)
        throw new Error("The clipboard is not available here; copy the link by hand.");
      await navigator.clipboard.writeText(url);
      toast(SHARING_TOASTS.copied);
    } catch (error) {
      failureToast(SHARING_FAILURES.copy, error);
    }
  }

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="p-4 sm:p-6">
        <h2
          id={headingId}
          className="flex items-center gap-2 text-lg leading-none font-semibold tracking-tight"
        >
          <Globe className="size-5 text-muted-foreground" aria-hidden />
          Public Access
        </h2>
        <CardDescription>
          Anyone with the public link can view this project without signing in. They cannot change anything.
        </CardDescription>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        {link.isPending ? (
          <div aria-busy="true">
            <span className="sr-only">Loading the public link</span>
            <Skeleton className="h-9 w-full" />
          </div>
        ) : link.isError ? (
          <div className="flex flex-wrap items-center gap-3">
            <p className="min-w-0 flex-1 text-sm wrap-anywhere text-destructive">
              Failed to load the public link: {errorMessage(link.error)}
            </p>
            <Button variant="outline" size="sm" onClick={() => void link.refetch()}>
              Try again
            </Button>
          </div>
        ) : shareUrl ? (
          <div className="grid gap-3">
            <label htmlFor={urlId} className="text-sm font-medium">
              Public link
            </label>
            <div className="flex items-center gap-2">
              <Input
                id={urlId}
                readOnly
                value={shareUrl}
                onFocus={(event) => event.currentTarget.select()}
                className="font-mono text-xs"
              />
              <IconButton label="Copy link" variant="outline" onClick={() => void copyLink(shareUrl)}>
                <Copy aria-hidden />
              </IconButton>
              <IconButton label="Open public view" variant="outline" asChild>
                <a href={shareUrl} target="_blank" rel="noopener noreferrer">
                  <ExternalLink aria-hidden />
                </a>
              </IconButton>
            </div>
            <div>
              <Button variant="outline" onClick={() => setConfirmingRevoke(true)}>
                <Link2Off aria-hidden />
                Revoke Link
              </Button>
            </div>
          </div>
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted-foreground">Public link is off.</p>
            <Button onClick={() => void generateLink()} disabled={generate.isPending}>
              <Globe aria-hidden />
              {generate.isPending ? "Generating..." : "Generate Link"}
            </Button>
          </div>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirmingRevoke}
        onOpenChange={setConfirmingRevoke}
        title="Revoke Link"
        description="The public link stops working at once for everyone who has it. You can generate a new link later."
        action="Revoke Link"
        busyAction="Revoking..."
        busy={revoke.isPending}
        onConfirm={() => void revokeLink()}
      />
    </Card>
  );
}
