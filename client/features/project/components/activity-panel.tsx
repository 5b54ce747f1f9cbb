// The project's Activity panel (docs/decisions/030-history-activity-and-undo.md): every recorded
// change, newest first, in a
// sheet at the right, with an Undo for each change that can still be undone.

import { type AccessLevel, can } from "@core/access/permissions";
import { canUndo } from "@core/activity/undo-targets";
import { type ActivityEntryDto, rightToUndo } from "@core/schemas/activity";
import { History } from "lucide-react";
import { useMemo, useState } from "react";
import { EmptyState } from "@/components/empty-state";
import { IconButton } from "@/components/icon-button";
import { LoadFailed } from "@/components/load-failed";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { useActivityPages } from "@/entities/activity/api/list-activity";
import {
  ActivityEntriesSkeleton,
  ActivityEntryLine,
} from "@/entities/activity/components/activity-entry-line";
import { useActivityWords } from "@/entities/activity/components/use-activity-words";
import { errorMessage } from "@/lib/error-message";
import { ACTIVITY_PANEL_ATTRIBUTE } from "./undo-keys";
import { useUndoWithToast } from "./use-undo-with-toast";

/** A full-height panel at the right edge instead of the centred dialog. */
const SHEET_CLASSES =
  "top-0 right-0 left-auto flex h-dvh max-h-dvh w-full max-w-md translate-x-0 translate-y-0 flex-col gap-0 overflow-hidden rounded-none border-y-0 border-r-0 p-0 sm:max-w-md";

type ActivityButtonProps = { projectId: number; accessLevel: AccessLevel };

/** The header's Activity button and the panel it opens. */
export function ActivityButton({ projectId, accessLevel }: ActivityButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton label="Activity" variant="outline" onClick={() => setOpen(true)}>
        <History aria-hidden />
      </IconButton>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          {...{ [ACTIVITY_PANEL_ATTRIBUTE]: "" }}
          aria-describedby={undefined}
          className={SHEET_CLASSES}
        >
          <DialogHeader className="border-b px-4 py-4 pr-12 text-left">
            <DialogTitle>Activity</DialogTitle>
          </DialogHeader>
          <div className="min-h-0 flex-1 overflow-y-auto px-4 pb-4">
            {/* Read when first opened, then kept current by the project's live events. */}
            {open && <ActivityEntries projectId={projectId} accessLevel={accessLevel} />}
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}

function ActivityEntries({ projectId, accessLevel }: ActivityButtonProps) {
  const pages = useActivityPages(projectId);
  const entries = useMemo(() => pages.data?.pages.flat() ?? [], [pages.data]);
  const words = useActivityWords(projectId, entries);
  const { revert } = useUndoWithToast(projectId);
  const [revertingId, setRevertingId] = useState<number | null>(null);

  if (pages.isPending) return <ActivityEntriesSkeleton label="Loading activity" count={6} />;
  // A failed "Show older" keeps the entries shown; only a failed first read replaces them.
  if (!pages.data) {
    return (
      <LoadFailed title="Failed to load activity" error={pages.error} onRetry={() => void pages.refetch()} />
    );
  }
  if (entries.length === 0) return <EmptyState icon={History} title="No activity yet." className="mt-4" />;

  const undoButton = (entry: ActivityEntryDto) => {
    // Only what the reader could have done themselves (the server refuses the rest anyway).
    if (!can(accessLevel, rightToUndo(entry.action)) || !canUndo(entry)) return undefined;
    // Undoing an undo puts the change back: that is a redo.
    const label = entry.isUndo ? "Redo" : "Undo";
    const run = async () => {
      setRevertingId(entry.id);
      await revert(entry);
      setRevertingId(null);
    };
    return (
      <Button variant="ghost" size="sm" disabled={revertingId !== null} onClick={() => void run()}>
        {label}
      </Button>
    );
  };

  return (
    <>
      <ul aria-label="Activity" className="divide-y">
        {entries.map((entry) => (
          <ActivityEntryLine
            key={entry.id}
            entry={entry}
            words={words.line(entry)}
            action={undoButton(entry)}
          />
        ))}
      </ul>
      {pages.isFetchNextPageError && (
        <p className="py-2 text-sm wrap-anywhere text-destructive">{errorMessage(pages.error)}</p>
      )}
      {pages.hasNextPage && (
        <Button
          variant="outline"
          size="sm"
          className="mt-2 w-full"
          disabled={pages.isFetchingNextPage}
          onClick={() => void pages.fetchNextPage()}
        >
          {pages.isFetchingNextPage ? "Loading..." : "Show older"}
        </Button>
      )}
    </>
  );
}
