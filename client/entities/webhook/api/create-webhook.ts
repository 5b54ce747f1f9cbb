import { apiRoutes } from "@core/api/routes";
import type { CreatedWebhookDto, CreateWebhook, WebhookDto } from "@core/schemas/webhooks";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { webhooksKey } from "@/entities/webhook/api/get-webhooks";
import { requestJson } from "@/lib/api-client";

type CreateWebhookVariables = { projectId: number; webhook: CreateWebhook };

/** POST /api/projects/{id}/webhooks `{ url, events }` (201): the webhook and, once, its signing secret. */
export function createWebhook({ projectId, webhook }: CreateWebhookVariables): Promise<CreatedWebhookDto> {
  return requestJson<CreatedWebhookDto>("POST", apiRoutes.projectWebhooks.url({ id: projectId }), webhook);
}

/** Adds a webhook; the list shows it at once (without its secret) and is read again. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: async ({ secret: _secret, ...webhook }, { projectId }) => {
      queryClient.setQueryData<WebhookDto[]>(webhooksKey(projectId), (webhooks) =>
        webhooks ? [...webhooks.filter((each) => each.id !== webhook.id), webhook] : webhooks,
      );
      await queryClient.invalidateQueries({ queryKey: webhooksKey(projectId), exact: true });
    },
  });
}
