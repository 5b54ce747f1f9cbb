// Ctrl+Z and Ctrl+Shift+Z on the project page (decisions.md section 11): undo and redo the user's
// own newest entries in the open project, from any view, with a toast that names what was undone.
import { undoTargets } from "@core/activity/describe";
import { useEffect, useRef } from "react";
import { toast } from "@/components/ui/use-toast";
import { useMyActivity } from "@/lib/api/activity/list-activity";
import { useAuth } from "@/lib/use-auth";
import { historyKeyOf, isApplePlatform, isDialogOpen, isTypingTarget } from "./undo-keys";
import { HISTORY_TOASTS, useUndoWithToast } from "./use-undo-with-toast";

/** Listens for the undo and redo keys while mounted (for members who may edit). */
export function useUndoKeys(projectId: number): void {
  const { user } = useAuth();
  const mine = useMyActivity(projectId);
  const { revert } = useUndoWithToast(projectId);
  // The listener is added once; it reads the newest list and user through this.
  const latest = useRef({ entries: mine.data, refetch: mine.refetch, userId: user?.id, revert });
  latest.current = { entries: mine.data, refetch: mine.refetch, userId: user?.id, revert };

  useEffect(() => {
    const apple = isApplePlatform(navigator as Navigator & { userAgentData?: { platform?: string } });
    // One undo at a time: a held key must not send the same entry twice before its answer lands.
    let busy = false;
    const onKeyDown = (event: KeyboardEvent) => {
      const intent = historyKeyOf(event, apple);
      if (!intent || event.defaultPrevented || isTypingTarget(event.target) || isDialogOpen(document)) return;
      event.preventDefault();
      const { entries, refetch, userId, revert: run } = latest.current;
      if (busy || userId === undefined) return;
      if (!entries) {
        void refetch();
        return;
      }
      const targets = undoTargets(entries, userId);
      const target = intent === "undo" ? targets.undo : targets.redo;
      if (!target) {
        toast({ title: intent === "undo" ? HISTORY_TOASTS.nothingToUndo : HISTORY_TOASTS.nothingToRedo });
        return;
      }
      busy = true;
      void run(target).finally(() => {
        busy = false;
      });
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}

/** The undo keys as an element, so the project page mounts them only for those who may edit. */
export function UndoKeys({ projectId }: { projectId: number }): null {
  useUndoKeys(projectId);
  return null;
}
