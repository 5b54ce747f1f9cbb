// A task's history in its dialog (docs/decisions/030-history-activity-and-undo.md): the entries about
// it, newest first,
// folded until asked for, so opening a task reads no history.
import type { TaskDto } from "@core/schemas/projects";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { DisclosureButton } from "@/components/ui/disclosure-button";
import { useTaskActivity } from "@/entities/activity/api/list-activity";
import {
  ActivityEntriesSkeleton,
  ActivityEntryLine,
} from "@/entities/activity/components/activity-entry-line";
import { useActivityWords } from "@/entities/activity/components/use-activity-words";
import { errorMessage } from "@/lib/error-message";

type TaskRef = Pick<TaskDto, "id" | "projectId">;

/** The collapsible History section of the task dialog. */
export function TaskHistory({ task }: { task: TaskRef }) {
  const [expanded, setExpanded] = useState(false);
  const panelId = useId();
  return (
    <section className="border-t pt-3">
      <h3>
        <DisclosureButton
          expanded={expanded}
          onExpandedChange={setExpanded}
          controls={panelId}
          className="gap-1.5 rounded-sm text-sm font-medium"
        >
          History
        </DisclosureButton>
      </h3>
      <div id={panelId} hidden={!expanded}>
        {expanded && <TaskHistoryEntries task={task} />}
      </div>
    </section>
  );
}

const NO_ENTRIES: never[] = [];

function TaskHistoryEntries({ task }: { task: TaskRef }) {
  const history = useTaskActivity(task.projectId, task.id);
  const entries = history.data ?? NO_ENTRIES;
  const words = useActivityWords(task.projectId, entries);

  if (history.isPending) return <ActivityEntriesSkeleton label="Loading history" count={3} />;
  if (history.isError) {
    return (
      <div className="flex flex-wrap items-center gap-2 py-3 text-sm">
        <span className="wrap-anywhere text-muted-foreground">
          Failed to load history: {errorMessage(history.error)}
        </span>
        <Button variant="outline" size="sm" onClick={() => void history.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (entries.length === 0) return <p className="py-3 text-sm text-muted-foreground">No activity yet.</p>;
  return (
    <ul aria-label="Task history" className="divide-y">
      {entries.map((entry) => (
        <ActivityEntryLine key={entry.id} entry={entry} words={words.line(entry)} />
      ))}
    </ul>
  );
}
