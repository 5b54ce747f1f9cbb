// The user's iCalendar feed of My Tasks: GET shows it, POST turns it on or renews its secret URL
// (the old one stops working), DELETE turns it off.
import { apiRoutes } from "@core/api/routes";
import type { CalendarFeedDto } from "@core/schemas/import-export";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest, requestJson } from "@/lib/api-client";

const FEED_KEY = [apiRoutes.calendarFeed.url()] as const;

export function useCalendarFeed(enabled: boolean) {
  return useQuery<CalendarFeedDto>({ queryKey: FEED_KEY, enabled });
}

export function useRenewCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestJson<CalendarFeedDto>("POST", apiRoutes.calendarFeed.url()),
    onSuccess: (feed) => queryClient.setQueryData(FEED_KEY, feed),
  });
}

export function useTurnOffCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest("DELETE", apiRoutes.calendarFeed.url()),
    onSuccess: () => queryClient.setQueryData<CalendarFeedDto>(FEED_KEY, { enabled: false, url: null }),
  });
}
