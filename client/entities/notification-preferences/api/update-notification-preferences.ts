import { apiRoutes } from "@core/api/routes";
import { type NotificationPreferencesDto, notificationPreferencesSchema } from "@core/schemas/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { notificationPreferencesKey } from "@/entities/notification-preferences/api/get-notification-preferences";
import { requestJson } from "@/lib/api-client";

export type NotificationPreferencesChange = z.input<typeof notificationPreferencesSchema>;

/**
 * PUT /api/notifications/preferences with the kinds that change (checked with the schema the server
 * parses); answers every kind's channel.
 */
export function updateNotificationPreferences(
  change: NotificationPreferencesChange,
): Promise<NotificationPreferencesDto> {
  return requestJson<NotificationPreferencesDto>(
    "PUT",
    apiRoutes.notificationPreferences.url(),
    notificationPreferencesSchema.parse(change),
  );
}

/**
 * Changes some kinds' channels. The choice shows at once; a failure puts back what was there, and
 * the answer, every kind as stored, replaces it. Toasts are the caller's.
 */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: notificationPreferencesKey, exact: true });
      const before = queryClient.getQueryData<NotificationPreferencesDto>(notificationPreferencesKey);
      if (before) {
        queryClient.setQueryData<NotificationPreferencesDto>(notificationPreferencesKey, {
          ...before,
          ...definedChannels(change),
        });
      }
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(notificationPreferencesKey, context.before);
    },
    onSuccess: (preferences) => queryClient.setQueryData(notificationPreferencesKey, preferences),
  });
}

/** The kinds a change names, without the ones it leaves out. */
function definedChannels(change: NotificationPreferencesChange): Partial<NotificationPreferencesDto> {
  return Object.fromEntries(Object.entries(change).filter(([, channel]) => channel !== undefined));
}
