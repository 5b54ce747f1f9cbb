import { apiRoutes } from "@core/api/routes";
import type { WebhookDeliveryDto } from "@core/schemas/webhooks";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { requestJson } from "@/lib/api-client";

type WebhookRef = { projectId: number; webhookId: number };

const deliveriesUrl = ({ projectId, webhookId }: WebhookRef) =>
  apiRoutes.webhookDeliveries.url({ id: projectId, webhookId });

/** GET /api/projects/{id}/webhooks/{webhookId}/deliveries: the last 100 attempts, newest first. */
export function getWebhookDeliveries(webhook: WebhookRef): Promise<WebhookDeliveryDto[]> {
  return requestJson<WebhookDeliveryDto[]>("GET", deliveriesUrl(webhook));
}

export function getWebhookDeliveriesQueryOptions(webhook: WebhookRef) {
  return queryOptions({
    queryKey: [deliveriesUrl(webhook)] as const,
    queryFn: () => getWebhookDeliveries(webhook),
    // A log moves on its own: read it each time it is opened.
    staleTime: 0,
  });
}

/** A webhook's delivery log, read while `enabled` (its dialog is open). */
export function useWebhookDeliveries(webhook: WebhookRef, enabled: boolean) {
  return useQuery({ ...getWebhookDeliveriesQueryOptions(webhook), enabled });
}
