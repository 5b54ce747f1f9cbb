// Ctrl+Z and Ctrl+Shift+Z on the project page (docs/decisions/030-history-activity-and-undo.md): undo
// and redo the user's own newest entries in the open project, from any view, with a toast that
// names what was undone. The palette's Undo and Redo commands run the same (project-commands.tsx).
import { undoTargets } from "@core/activity/undo-targets";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { myActivityQueryOptions } from "@/entities/activity/api/list-activity";
import { errorMessage } from "@/lib/error-message";
import { useAuth } from "@/lib/use-auth";
import { toast } from "@/lib/use-toast";
import { type HistoryKey, historyKeyOf, isApplePlatform, isDialogOpen, isTypingTarget } from "./undo-keys";
import { HISTORY_TOASTS, useUndoWithToast } from "./use-undo-with-toast";

/** Resolves once no write of this page is in flight (its entry is then in the log). */
async function writesSettled(queryClient: QueryClient): Promise<void> {
  while (queryClient.isMutating() > 0) await new Promise((resolve) => setTimeout(resolve, 50));
}

/**
 * Returns `runHistory("undo" | "redo")`, which undoes or redoes the user's own newest entry in the
 * project (for members who may edit). Its identity changes only with the project.
 */
export function useUndoRedo(projectId: number): (intent: HistoryKey) => void {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  // Nothing is read when the page opens: each run reads the user's entries afresh (below).
  const { revert } = useUndoWithToast(projectId);
  const latest = useRef({ userId: user?.id, revert });
  latest.current = { userId: user?.id, revert };
  // One undo at a time: a held key must not send the same entry twice before its answer lands.
  const busy = useRef(false);
  // Entries the server refused for good (changed since, undone already): the next run reaches
  // past them, as an editor's undo drops what it can no longer undo.
  const refused = useRef(new Set<number>());

  return useCallback(
    (intent: HistoryKey) => {
      const { userId, revert: run } = latest.current;
      if (busy.current || userId === undefined) return;
      busy.current = true;
      void (async () => {
        // The user's own last change may still be on its way (or its event not yet here): wait for
        // the page's writes, then read the user's entries as the server has them.
        await writesSettled(queryClient);
        const entries = await queryClient.fetchQuery({ ...myActivityQueryOptions(projectId), staleTime: 0 });
        const targets = undoTargets(
          entries.filter((entry) => !refused.current.has(entry.id)),
          userId,
        );
        const target = intent === "undo" ? targets.undo : targets.redo;
        if (!target) {
          toast({ title: intent === "undo" ? HISTORY_TOASTS.nothingToUndo : HISTORY_TOASTS.nothingToRedo });
          return;
        }
        if ((await run(target)) === "refused") refused.current.add(target.id);
      })()
        .catch((error: unknown) => {
          toast({
            variant: "destructive",
            title: HISTORY_TOASTS.undoFailed,
            description: errorMessage(error),
          });
        })
        .finally(() => {
          busy.current = false;
        });
    },
    [projectId, queryClient],
  );
}

/** Listens for the undo and redo keys while mounted, and runs `runHistory` on them. */
export function useUndoKeys(runHistory: (intent: HistoryKey) => void): void {
  // The listener is added once; it reads the newest runner through this.
  const latest = useRef(runHistory);
  latest.current = runHistory;

  useEffect(() => {
    const apple = isApplePlatform(navigator as Navigator & { userAgentData?: { platform?: string } });
    const onKeyDown = (event: KeyboardEvent) => {
      const intent = historyKeyOf(event, apple);
      if (!intent || event.defaultPrevented || isTypingTarget(event.target) || isDialogOpen(document)) return;
      event.preventDefault();
      latest.current(intent);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}
