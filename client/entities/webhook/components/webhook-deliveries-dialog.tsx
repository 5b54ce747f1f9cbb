import type { WebhookDeliveryDto, WebhookDto } from "@core/schemas/webhooks";
import { format } from "date-fns";
import { RefreshCw } from "lucide-react";
import { LoadFailed } from "@/components/load-failed";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DialogClose, DialogShell } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { useWebhookDeliveries } from "@/entities/webhook/api/get-webhook-deliveries";
import { cn } from "@/lib/utils";

const STATUS: Record<WebhookDeliveryDto["status"], { label: string; tone: string }> = {
  delivered: {
    label: "Delivered",
    tone: "border-success-border bg-success-tint text-success-tint-foreground",
  },
  failed: { label: "Failed", tone: "border-warning-border bg-warning-tint text-warning-tint-foreground" },
  "given-up": { label: "Given up", tone: "border-danger-border bg-danger-tint text-danger-tint-foreground" },
};

const cell = "px-2 py-2 align-top first:pl-3 last:pr-3";
const headCell = cn(cell, "font-medium whitespace-nowrap");

/** A missing value in a cell: a dash for the eye, a word for screen readers. */
function None() {
  return (
    <>
      <span aria-hidden className="text-muted-foreground">
        —
      </span>
      <span className="sr-only">None</span>
    </>
  );
}

type WebhookDeliveriesDialogProps = {
  projectId: number;
  /** Kept by the caller while the dialog closes. */
  webhook: WebhookDto | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** A webhook's delivery log: its last 100 attempts, newest first, read each time it opens. */
export function WebhookDeliveriesDialog({
  projectId,
  webhook,
  open,
  onOpenChange,
}: WebhookDeliveriesDialogProps) {
  const deliveries = useWebhookDeliveries(
    { projectId, webhookId: webhook?.id ?? 0 },
    open && webhook !== null,
  );

  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      className="sm:max-w-3xl"
      title="Deliveries"
      description={webhook ? `The last attempts to deliver to ${webhook.url}, newest first.` : ""}
      descriptionClassName="wrap-anywhere"
      footerClassName="gap-2 sm:justify-between"
      footer={
        <>
          <Button
            variant="outline"
            disabled={deliveries.isFetching}
            onClick={() => void deliveries.refetch()}
          >
            <RefreshCw aria-hidden />
            Refresh
          </Button>
          <DialogClose asChild>
            <Button variant="ghost">Close</Button>
          </DialogClose>
        </>
      }
    >
      {deliveries.isPending ? (
        <div className="grid gap-2" aria-busy="true">
          <span className="sr-only">Loading deliveries</span>
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} className="h-8 w-full" />
          ))}
        </div>
      ) : deliveries.isError ? (
        <LoadFailed
          title="Failed to load deliveries"
          error={deliveries.error}
          onRetry={() => void deliveries.refetch()}
          className="rounded-md border"
        />
      ) : deliveries.data.length === 0 ? (
        <p className="rounded-md border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
          No deliveries yet. Each change of the project is sent here as it happens.
        </p>
      ) : (
        <div
          className="max-h-[60vh] overflow-auto rounded-md border"
          role="region"
          aria-label="Delivery attempts"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the log holds nothing focusable, so the region itself takes the focus for it to scroll by keyboard.
          tabIndex={0}
        >
          <table className="w-full min-w-[40rem] text-sm">
            <caption className="sr-only">Delivery attempts, newest first</caption>
            <thead className="sticky top-0 border-b bg-muted text-left text-xs text-muted-foreground">
              <tr>
                <th scope="col" className={headCell}>
                  Time
                </th>
                <th scope="col" className={headCell}>
                  Event
                </th>
                <th scope="col" className={headCell}>
                  Status
                </th>
                <th scope="col" className={cn(headCell, "text-right")}>
                  Code
                </th>
                <th scope="col" className={cn(headCell, "text-right")}>
                  Duration
                </th>
                <th scope="col" className={headCell}>
                  Error
                </th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {deliveries.data.map((attempt) => (
                <tr key={attempt.id}>
                  <td className={cn(cell, "whitespace-nowrap")}>
                    <time
                      dateTime={attempt.at}
                      title={`${format(new Date(attempt.at), "MMM d, yyyy, HH:mm:ss")} (delivery ${attempt.deliveryId})`}
                    >
                      {format(new Date(attempt.at), "MMM d, HH:mm:ss")}
                    </time>
                  </td>
                  <td className={cn(cell, "font-mono text-xs whitespace-nowrap")}>{attempt.event}</td>
                  <td className={cell}>
                    <Badge variant="outline" className={STATUS[attempt.status]?.tone}>
                      {STATUS[attempt.status]?.label ?? attempt.status}
                    </Badge>
                  </td>
                  <td className={cn(cell, "text-right tabular-nums")}>{attempt.responseCode ?? <None />}</td>
                  <td className={cn(cell, "text-right whitespace-nowrap tabular-nums")}>
                    {attempt.durationMs} ms
                  </td>
                  <td className={cn(cell, "min-w-40 wrap-anywhere")}>{attempt.error ?? <None />}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </DialogShell>
  );
}
