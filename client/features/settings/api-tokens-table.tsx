import type { ApiTokenDto } from "@core/schemas/api-tokens";
import { format, formatDistanceToNow } from "date-fns";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { SCOPE_LABELS } from "@/features/settings/token-form";
import { cn } from "@/lib/utils";

const cell = "px-2 py-3 align-middle first:pl-3 last:pr-3 sm:px-3 sm:first:pl-4 sm:last:pr-4";
const headCell = cn(cell, "py-2 font-medium whitespace-nowrap");

/** A day as the table shows it, with the exact time on hover. */
function Day({ at }: { at: string }) {
  const date = new Date(at);
  return (
    <time dateTime={at} title={format(date, "MMM d, yyyy, h:mm a")}>
      {format(date, "MMM d, yyyy")}
    </time>
  );
}

/** The expiry: Never, the day, or that it has passed. */
function Expiry({ at, now }: { at: string | null; now: Date }) {
  if (at === null) return <span className="text-muted-foreground">Never</span>;
  if (new Date(at) <= now) {
    return (
      <Badge variant="outline" className="border-danger-border bg-danger-tint text-danger-tint-foreground">
        Expired <Day at={at} />
      </Badge>
    );
  }
  return <Day at={at} />;
}

/** The last use: Never, or how long ago. */
function LastUsed({ at }: { at: string | null }) {
  if (at === null) return <span className="text-muted-foreground">Never</span>;
  const date = new Date(at);
  return (
    <time dateTime={at} title={format(date, "MMM d, yyyy, h:mm a")}>
      {formatDistanceToNow(date, { addSuffix: true })}
    </time>
  );
}

type ApiTokensTableProps = { tokens: ApiTokenDto[]; onRevoke: (token: ApiTokenDto) => void };

/**
 * The user's tokens, oldest first: name, scope, the secret's first characters (to tell tokens
 * apart), created, expires, last used, and Revoke. Wider than a phone, it scrolls sideways.
 */
export function ApiTokensTable({ tokens, onRevoke }: ApiTokensTableProps) {
  const now = new Date();
  return (
    // Its Revoke buttons take the focus, so a narrow screen scrolls it sideways by keyboard too.
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full min-w-[44rem] text-sm">
        <caption className="sr-only">API tokens</caption>
        <thead className="border-b bg-muted/50 text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className={headCell}>
              Name
            </th>
            <th scope="col" className={headCell}>
              Scope
            </th>
            <th scope="col" className={headCell}>
              Token
            </th>
            <th scope="col" className={headCell}>
              Created
            </th>
            <th scope="col" className={headCell}>
              Expires
            </th>
            <th scope="col" className={headCell}>
              Last used
            </th>
            <th scope="col" className={cn(headCell, "text-right")}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {tokens.map((token) => {
            const nameId = `api-token-${token.id}-name`;
            return (
              <tr key={token.id}>
                <th scope="row" id={nameId} className={cn(cell, "max-w-56 truncate text-left font-medium")}>
                  <span title={token.name}>{token.name}</span>
                </th>
                <td className={cn(cell, "whitespace-nowrap")}>{SCOPE_LABELS[token.scope]}</td>
                <td className={cn(cell, "font-mono text-xs whitespace-nowrap")}>{token.prefix}…</td>
                <td className={cn(cell, "whitespace-nowrap")}>
                  <Day at={token.createdAt} />
                </td>
                <td className={cn(cell, "whitespace-nowrap")}>
                  <Expiry at={token.expiresAt} now={now} />
                </td>
                <td className={cn(cell, "whitespace-nowrap")}>
                  <LastUsed at={token.lastUsedAt} />
                </td>
                <td className={cn(cell, "text-right")}>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-describedby={nameId}
                    onClick={() => onRevoke(token)}
                  >
                    Revoke
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
