import { apiRoutes } from "@core/api/routes";
import type { WebhookDto } from "@core/schemas/webhooks";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { requestJson } from "@/lib/api-client";

/** A project's webhooks; the key's first element is the URL the default reader fetches. */
export const webhooksKey = (projectId: number) => [apiRoutes.projectWebhooks.url({ id: projectId })] as const;

/** GET /api/projects/{id}/webhooks (admins and owners): each with its pending count. */
export function getWebhooks(projectId: number): Promise<WebhookDto[]> {
  return requestJson<WebhookDto[]>("GET", apiRoutes.projectWebhooks.url({ id: projectId }));
}

export function getWebhooksQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: webhooksKey(projectId),
    queryFn: () => getWebhooks(projectId),
    // The pending counts move as deliveries go out: read them again whenever the card is shown.
    staleTime: 0,
  });
}

export function useWebhooks(projectId: number) {
  return useQuery(getWebhooksQueryOptions(projectId));
}
