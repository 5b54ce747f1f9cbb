import { apiRoutes } from "@core/api/routes";
import type { NotificationPreferencesDto } from "@core/schemas/notifications";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { requestJson } from "@/lib/api-client";

/** The user's notification preferences; its first element is the URL the default reader fetches. */
export const notificationPreferencesKey = [apiRoutes.notificationPreferences.url()] as const;

/** GET /api/notifications/preferences: a channel for every kind. */
export function getNotificationPreferences(): Promise<NotificationPreferencesDto> {
  return requestJson<NotificationPreferencesDto>("GET", apiRoutes.notificationPreferences.url());
}

export function getNotificationPreferencesQueryOptions() {
  return queryOptions({ queryKey: notificationPreferencesKey, queryFn: getNotificationPreferences });
}

export function useNotificationPreferences() {
  return useQuery(getNotificationPreferencesQueryOptions());
}
