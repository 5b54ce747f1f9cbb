import { WEBHOOKS_PER_PROJECT, type WebhookDto } from "@core/schemas/webhooks";
import { History, Plus, Trash2, Webhook } from "lucide-react";
import { useId, useState } from "react";
import { LoadFailed } from "@/components/load-failed";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { useDeleteWebhook } from "@/entities/webhook/api/delete-webhook";
import { useWebhooks } from "@/entities/webhook/api/get-webhooks";
import { useUpdateWebhook } from "@/entities/webhook/api/update-webhook";
import { AddWebhookDialog } from "@/entities/webhook/components/add-webhook-dialog";
import { WebhookDeliveriesDialog } from "@/entities/webhook/components/webhook-deliveries-dialog";
import { eventsSummary } from "@/entities/webhook/model/webhook-events";
import { failureToast } from "@/features/project/sharing/sharing-toasts";
import { toast } from "@/lib/use-toast";

/** A dialog about one webhook, which keeps it while the dialog closes. */
type WebhookDialog = { open: boolean; webhook: WebhookDto | null };
const CLOSED: WebhookDialog = { open: false, webhook: null };

/**
 * The Webhooks card (owners and admins only): the project's webhooks, each switched on or off,
 * with its delivery log and Delete; Add Webhook shows the signing secret once.
 */
export function WebhooksCard({ projectId }: { projectId: number }) {
  const webhooks = useWebhooks(projectId);
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const headingId = useId();
  const idPrefix = useId();
  const [adding, setAdding] = useState(false);
  const [deliveries, setDeliveries] = useState<WebhookDialog>(CLOSED);
  const [deleting, setDeleting] = useState<WebhookDialog>(CLOSED);
  const full = (webhooks.data?.length ?? 0) >= WEBHOOKS_PER_PROJECT;

  function setActive(webhook: WebhookDto, active: boolean) {
    update.mutate(
      { projectId, webhookId: webhook.id, change: { active } },
      {
        onSuccess: () => toast({ title: active ? "Webhook turned on" : "Webhook turned off" }),
        onError: (error) => failureToast("Failed to update webhook", error),
      },
    );
  }

  async function confirmDelete() {
    const { webhook } = deleting;
    if (!webhook) return;
    try {
      await remove.mutateAsync({ projectId, webhookId: webhook.id });
    } catch (error) {
      failureToast("Failed to delete webhook", error);
      return;
    }
    setDeleting({ open: false, webhook });
    toast({ title: "Webhook deleted" });
  }

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 p-4 sm:p-6">
        <div className="grid min-w-48 flex-1 gap-1.5">
          <h2
            id={headingId}
            className="flex items-center gap-2 text-lg leading-none font-semibold tracking-tight"
          >
            <Webhook className="size-5 text-muted-foreground" aria-hidden />
            Webhooks
          </h2>
          <CardDescription>
            Send this project's changes to another program as they happen: each one is POSTed to the URL as
            JSON, signed, in order.
          </CardDescription>
        </div>
        <Button onClick={() => setAdding(true)} disabled={full || webhooks.isPending}>
          <Plus aria-hidden />
          Add Webhook
        </Button>
      </CardHeader>
      {webhooks.isPending ? (
        <div className="grid gap-3 border-t p-4 sm:px-6" aria-busy="true">
          <span className="sr-only">Loading webhooks</span>
          {[0, 1].map((n) => (
            <Skeleton key={n} className="h-12 w-full" />
          ))}
        </div>
      ) : webhooks.isError ? (
        <LoadFailed
          title="Failed to load webhooks"
          error={webhooks.error}
          onRetry={() => void webhooks.refetch()}
          className="border-t"
        />
      ) : webhooks.data.length === 0 ? (
        <p className="border-t px-4 py-6 text-center text-sm text-muted-foreground sm:px-6">
          No webhooks yet.
        </p>
      ) : (
        <ul className="divide-y border-t" aria-label="Webhooks">
          {webhooks.data.map((webhook) => {
            const urlId = `${idPrefix}-${webhook.id}`;
            const activeId = `${idPrefix}-${webhook.id}-active`;
            return (
              <li key={webhook.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
                <div className="min-w-0 flex-1 basis-56">
                  <p id={urlId} className="truncate font-mono text-sm" title={webhook.url}>
                    {webhook.url}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    <span title={webhook.events.join(", ")}>{eventsSummary(webhook.events)}</span>
                    {" · "}
                    {webhook.pending} pending
                  </p>
                </div>
                <div className="flex shrink-0 items-center gap-2">
                  <div className="mr-2 flex items-center gap-2">
                    <Checkbox
                      id={activeId}
                      checked={webhook.active}
                      aria-describedby={urlId}
                      onChange={(event) => setActive(webhook, event.currentTarget.checked)}
                    />
                    <label htmlFor={activeId} className="text-sm">
                      Active
                    </label>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-describedby={urlId}
                    onClick={() => setDeliveries({ open: true, webhook })}
                  >
                    <History aria-hidden />
                    Deliveries
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-describedby={urlId}
                    onClick={() => setDeleting({ open: true, webhook })}
                  >
                    <Trash2 aria-hidden />
                    Delete
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {full && (
        <p className="border-t px-4 py-3 text-sm text-muted-foreground sm:px-6">
          A project has at most {WEBHOOKS_PER_PROJECT} webhooks: delete one to add another.
        </p>
      )}
      <AddWebhookDialog projectId={projectId} open={adding} onOpenChange={setAdding} />
      <WebhookDeliveriesDialog
        projectId={projectId}
        webhook={deliveries.webhook}
        open={deliveries.open}
        onOpenChange={(open) => setDeliveries((state) => ({ ...state, open }))}
      />
      <ConfirmDialog
        open={deleting.open}
        onOpenChange={(open) => setDeleting((state) => ({ ...state, open }))}
        title="Delete Webhook"
        description={`Delete the webhook to ${deleting.webhook?.url ?? ""}? Nothing more is sent to it, and changes still waiting for it are dropped.`}
        action="Delete Webhook"
        busyAction="Deleting..."
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </Card>
  );
}
