import { apiRoutes } from "@core/api/routes";
import type { WebhookDto } from "@core/schemas/webhooks";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { webhooksKey } from "@/entities/webhook/api/get-webhooks";
import { apiRequest } from "@/lib/api-client";

type DeleteWebhookVariables = { projectId: number; webhookId: number };

/** DELETE /api/projects/{id}/webhooks/{webhookId} (204): nothing more is sent to it. */
export async function deleteWebhook({ projectId, webhookId }: DeleteWebhookVariables): Promise<void> {
  await apiRequest("DELETE", apiRoutes.projectWebhook.url({ id: projectId, webhookId }));
}

/** Deletes a webhook; it leaves the list at once, which is read again after. Toasts are the caller's. */
export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: async (_nothing, { projectId, webhookId }) => {
      queryClient.setQueryData<WebhookDto[]>(webhooksKey(projectId), (webhooks) =>
        webhooks?.filter((webhook) => webhook.id !== webhookId),
      );
      await queryClient.invalidateQueries({ queryKey: webhooksKey(projectId), exact: true });
    },
  });
}
