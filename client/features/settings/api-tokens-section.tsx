import { apiRoutes } from "@core/api/routes";
import type { ApiTokenDto, CreatedApiTokenDto } from "@core/schemas/api-tokens";
import { KeyRound } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { LoadFailed } from "@/components/load-failed";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { useApiTokens } from "@/entities/api-token/api/get-api-tokens";
import { useRevokeApiToken } from "@/entities/api-token/api/revoke-api-token";
import { OneTimeSecret } from "@/entities/api-token/components/one-time-secret";
import { ApiTokensTable } from "@/features/settings/api-tokens-table";
import { CreateTokenForm } from "@/features/settings/create-token-form";
import { errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/use-toast";

/**
 * Settings, API tokens: what a token is for, the Create Token form, the secret of a new token shown
 * once, and the list with Revoke.
 */
export function ApiTokensSection() {
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const headingId = useId();
  const [created, setCreated] = useState<CreatedApiTokenDto | null>(null);
  const formBox = useRef<HTMLDivElement>(null);
  // Kept while its dialog closes, so the text does not change during the fade.
  const [revoking, setRevoking] = useState<{ open: boolean; token: ApiTokenDto | null }>({
    open: false,
    token: null,
  });

  /** Done: the secret goes for good, and the focus returns to the form's first field. */
  function closePanel() {
    setCreated(null);
    formBox.current?.querySelector("input")?.focus();
  }

  async function confirmRevoke() {
    const { token } = revoking;
    if (!token) return;
    try {
      await revoke.mutateAsync(token.id);
    } catch (error) {
      toast({ variant: "destructive", title: "Failed to revoke token", description: errorMessage(error) });
      return;
    }
    setRevoking({ open: false, token });
    toast({ title: "Token revoked", description: `"${token.name}" no longer works.` });
  }

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="p-4 sm:p-6">
        <h2
          id={headingId}
          className="flex items-center gap-2 text-lg leading-none font-semibold tracking-tight"
        >
          <KeyRound className="size-5 text-muted-foreground" aria-hidden />
          API tokens
        </h2>
        <CardDescription>
          A program that sends a token as{" "}
          <code className="font-mono text-xs">Authorization: Bearer &lt;token&gt;</code> acts as you on the
          API, within the token's scope. See the{" "}
          <a
            href={apiRoutes.openApi.url()}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            API description
          </a>{" "}
          (OpenAPI).
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 p-4 pt-0 sm:p-6 sm:pt-0">
        <div ref={formBox}>
          <CreateTokenForm onCreated={setCreated} />
        </div>
        {created && <CreatedTokenPanel key={created.id} token={created} onDone={closePanel} />}
        {tokens.isPending ? (
          <div className="grid gap-2" aria-busy="true">
            <span className="sr-only">Loading API tokens</span>
            {[0, 1].map((n) => (
              <Skeleton key={n} className="h-10 w-full" />
            ))}
          </div>
        ) : tokens.isError ? (
          <LoadFailed
            title="Failed to load API tokens"
            error={tokens.error}
            onRetry={() => void tokens.refetch()}
            className="rounded-md border"
          />
        ) : tokens.data.length === 0 ? (
          <p className="rounded-md border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
            No API tokens yet.
          </p>
        ) : (
          <ApiTokensTable tokens={tokens.data} onRevoke={(token) => setRevoking({ open: true, token })} />
        )}
      </CardContent>
      <ConfirmDialog
        open={revoking.open}
        onOpenChange={(open) => setRevoking((state) => ({ ...state, open }))}
        title="Revoke Token"
        description={`Revoke "${revoking.token?.name ?? ""}"? Programs using it are refused at once. This cannot be undone.`}
        action="Revoke Token"
        busyAction="Revoking..."
        busy={revoke.isPending}
        onConfirm={() => void confirmRevoke()}
      />
    </Card>
  );
}

/**
 * The token just created, with its secret, above the list until Done: the one time the secret is
 * shown. It takes the focus, so a keyboard or screen reader user lands on it.
 */
function CreatedTokenPanel({ token, onDone }: { token: CreatedApiTokenDto; onDone: () => void }) {
  const headingId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => panel.current?.focus(), []);
  return (
    <div
      ref={panel}
      role="region"
      aria-labelledby={headingId}
      tabIndex={-1}
      className="grid gap-3 rounded-md border border-warning-border bg-warning-tint/60 p-4 outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <h3 id={headingId} className="font-semibold">
        Token created: {token.name}
      </h3>
      <OneTimeSecret label="Token" secret={token.secret} warning="You won't see this token again." />
      <div>
        <Button variant="outline" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
