import { CalendarDays, Copy, RefreshCw } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { DialogClose, DialogShell } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import {
  useCalendarFeed,
  useRenewCalendarFeed,
  useTurnOffCalendarFeed,
} from "@/entities/import-export/api/calendar-feed";
import { errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/use-toast";

type CalendarFeedDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * The user's calendar feed: a secret URL that calendar apps subscribe to, holding My Tasks' dated
 * tasks. Turn it on, copy it, get a new URL (the old stops working) or turn it off.
 */
export function CalendarFeedDialog({ open, onOpenChange }: CalendarFeedDialogProps) {
  const feed = useCalendarFeed(open);
  const renew = useRenewCalendarFeed();
  const turnOff = useTurnOffCalendarFeed();
  const urlId = useId();
  const busy = renew.isPending || turnOff.isPending;
  const failed = (title: string) => (error: unknown) =>
    toast({ variant: "destructive", title, description: errorMessage(error) });

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Copied", description: "Paste the URL into your calendar app's subscription." });
    } catch {
      toast({ variant: "destructive", title: "Copy failed", description: "Select the URL and copy it." });
    }
  };

  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      className="sm:max-w-lg"
      title="Calendar Feed"
      description="Subscribe to My Tasks from Google Calendar, Apple Calendar, Outlook or Thunderbird: each dated task appears as a to-do. Anyone with the URL can read it, so keep it to yourself."
      footerClassName="gap-2 sm:justify-between"
      footer={
        <>
          {feed.data?.enabled ? (
            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                disabled={busy}
                onClick={() => renew.mutate(undefined, { onError: failed("Could not renew the feed") })}
              >
                <RefreshCw aria-hidden />
                New URL
              </Button>
              <Button
                variant="outline"
                disabled={busy}
                onClick={() => turnOff.mutate(undefined, { onError: failed("Could not turn the feed off") })}
              >
                Turn Off
              </Button>
            </div>
          ) : (
            <Button
              disabled={busy || feed.isPending}
              onClick={() => renew.mutate(undefined, { onError: failed("Could not turn the feed on") })}
            >
              <CalendarDays aria-hidden />
              Turn On
            </Button>
          )}
          <DialogClose asChild>
            <Button variant="ghost">Close</Button>
          </DialogClose>
        </>
      }
    >
      {feed.isPending ? (
        <p className="text-sm text-muted-foreground">Loading...</p>
      ) : feed.data?.enabled && feed.data.url ? (
        <div className="grid gap-2">
          <Label htmlFor={urlId}>Feed URL</Label>
          <div className="flex gap-2">
            <Input id={urlId} readOnly value={feed.data.url} onFocus={(event) => event.target.select()} />
            <Button variant="outline" onClick={() => void copy(feed.data.url as string)}>
              <Copy aria-hidden />
              Copy
            </Button>
          </div>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">The feed is off.</p>
      )}
    </DialogShell>
  );
}
