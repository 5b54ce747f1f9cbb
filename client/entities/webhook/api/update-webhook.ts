import { apiRoutes } from "@core/api/routes";
import type { UpdateWebhook, WebhookDto } from "@core/schemas/webhooks";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { webhooksKey } from "@/entities/webhook/api/get-webhooks";
import { apiRequest } from "@/lib/api-client";

export type UpdateWebhookVariables = { projectId: number; webhookId: number; change: UpdateWebhook };

/** PATCH /api/projects/{id}/webhooks/{webhookId} with any of url, events and active. */
export async function updateWebhook({ projectId, webhookId, change }: UpdateWebhookVariables): Promise<void> {
  await apiRequest("PATCH", apiRoutes.projectWebhook.url({ id: projectId, webhookId }), change);
}

/**
 * Changes a webhook (switches it off or on). The change shows at once; a failure puts back what was
 * there; the list is read again either way. Toasts are the caller's.
 */
export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    onMutate: async ({ projectId, webhookId, change }) => {
      const key = webhooksKey(projectId);
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const before = queryClient.getQueryData<WebhookDto[]>(key);
      queryClient.setQueryData<WebhookDto[]>(key, (webhooks) =>
        webhooks?.map((webhook) =>
          webhook.id === webhookId ? { ...webhook, ...(change as Partial<WebhookDto>) } : webhook,
        ),
      );
      return { before };
    },
    onError: (_error, { projectId }, context) => {
      if (context?.before) queryClient.setQueryData(webhooksKey(projectId), context.before);
    },
    onSettled: (_answer, _error, { projectId }) =>
      queryClient.invalidateQueries({ queryKey: webhooksKey(projectId), exact: true }),
  });
}
