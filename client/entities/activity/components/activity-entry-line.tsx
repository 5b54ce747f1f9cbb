import type { ActivityEntryDto } from "@core/schemas/activity";
import { format, formatDistanceToNow } from "date-fns";
import { Undo2 } from "lucide-react";
import type * as React from "react";
import { SkeletonRows } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";

type ActivityEntryLineProps = {
  entry: ActivityEntryDto;
  /** The entry in words (describeActivity). */
  words: string;
  /** An Undo button, for those who may use it. */
  action?: React.ReactNode;
};

/** One entry of the Activity panel or of a task's history: who, what, and how long ago. */
export function ActivityEntryLine({ entry, words, action }: ActivityEntryLineProps) {
  const at = new Date(entry.at);
  return (
    <li data-testid="activity-entry" className="flex items-start gap-3 py-2.5">
      {/* Undos and redos carry a mark, so a run of them reads apart from the changes. */}
      <span
        aria-hidden
        className={cn(
          "mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full",
          entry.undoOf !== null ? "bg-muted text-muted-foreground" : "bg-transparent",
        )}
      >
        {entry.undoOf !== null ? (
          <Undo2 className={cn("size-3", !entry.isUndo && "-scale-x-100")} />
        ) : (
          <span className="size-1.5 rounded-full bg-muted-foreground/60" />
        )}
      </span>
      <div className="min-w-0 flex-1 text-sm">
        <p className={cn(entry.undoOf !== null && "text-muted-foreground")}>
          <span className="font-medium text-foreground">{entry.actor?.name || "Someone"}</span> {words}
        </p>
        <p className="mt-0.5 text-xs text-muted-foreground">
          <time dateTime={entry.at} title={format(at, "MMM d, yyyy, h:mm:ss a")}>
            {formatDistanceToNow(at, { addSuffix: true })}
          </time>
          {entry.undoneBy !== null && <span> · {entry.isUndo ? "Redone" : "Undone"}</span>}
        </p>
      </div>
      {action}
    </li>
  );
}

/** The shape of a few entries while they load. */
export function ActivityEntriesSkeleton({ label, count = 4 }: { label: string; count?: number }) {
  return (
    <div className="grid gap-3 py-3" aria-busy="true">
      <span className="sr-only">{label}</span>
      <SkeletonRows count={count} icon="size-5 shrink-0 rounded-full" lines={["w-4/5", "w-24"]} />
    </div>
  );
}
