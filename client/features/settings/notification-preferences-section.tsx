import {
  DEFAULT_NOTIFICATION_CHANNEL,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
} from "@core/schemas/notifications";
import { Bell } from "lucide-react";
import { useId } from "react";
import { LoadFailed } from "@/components/load-failed";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { useNotificationPreferences } from "@/entities/notification-preferences/api/get-notification-preferences";
import { useUpdateNotificationPreferences } from "@/entities/notification-preferences/api/update-notification-preferences";
import {
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_KIND_LABELS,
} from "@/features/settings/notification-labels";
import { errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/use-toast";

/**
 * Settings, Notifications: for each kind, how the user hears of it (in the app, in the app and by
 * email, or not at all), saved as soon as it is changed.
 */
export function NotificationPreferencesSection() {
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  const headingId = useId();
  const idPrefix = useId();

  function change(kind: NotificationKind, channel: NotificationChannel) {
    update.mutate(
      { [kind]: channel },
      {
        onSuccess: () => toast({ title: "Notification preferences saved." }),
        onError: (error) =>
          toast({
            variant: "destructive",
            title: "Failed to save notification preferences",
            description: errorMessage(error),
          }),
      },
    );
  }

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="p-4 sm:p-6">
        <h2
          id={headingId}
          className="flex items-center gap-2 text-lg leading-none font-semibold tracking-tight"
        >
          <Bell className="size-5 text-muted-foreground" aria-hidden />
          Notifications
        </h2>
        <CardDescription>
          What the planner tells you about your work. Email is sent only when the server has its email
          settings (SMTP_URL); without them you hear in the app only.
        </CardDescription>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        {preferences.isPending ? (
          <div className="grid gap-3" aria-busy="true">
            <span className="sr-only">Loading notification preferences</span>
            {NOTIFICATION_KINDS.map((kind) => (
              <Skeleton key={kind} className="h-9 w-full" />
            ))}
          </div>
        ) : preferences.isError ? (
          <LoadFailed
            title="Failed to load notification preferences"
            error={preferences.error}
            onRetry={() => void preferences.refetch()}
          />
        ) : (
          <ul className="divide-y rounded-md border">
            {NOTIFICATION_KINDS.map((kind) => {
              const id = `${idPrefix}-${kind}`;
              return (
                <li
                  key={kind}
                  className="flex flex-col gap-2 px-3 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
                >
                  <Label htmlFor={id} className="leading-snug font-normal">
                    {NOTIFICATION_KIND_LABELS[kind]}
                  </Label>
                  <NativeSelect
                    id={id}
                    className="w-full shrink-0 sm:w-60"
                    value={preferences.data[kind] ?? DEFAULT_NOTIFICATION_CHANNEL}
                    onChange={(event) => change(kind, event.currentTarget.value as NotificationChannel)}
                  >
                    {NOTIFICATION_CHANNELS.map((channel) => (
                      <option key={channel} value={channel}>
                        {NOTIFICATION_CHANNEL_LABELS[channel]}
                      </option>
                    ))}
                  </NativeSelect>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
