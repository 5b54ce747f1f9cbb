// The task dialog's "Waits for" (prerequisites) and "Blocks" (dependents) pickers: dependencies
// made and removed without a pointer. On an existing task each pick is saved at once, after the
// preview of what it moves (decisions section 8); a new task's picks are made once the task is. A
// task whose pick would close a cycle is not offered. Each saved link shows its type and lag, and
// opens the dependency's own dialog to change them.
import { cycleClosingPicks } from "@core/graph/cycles";
import { DEPENDENCY_TYPE_NAMES, dependencyLabel } from "@core/scheduling/dependency-label";
import type { DependencyDto, TaskDto } from "@core/schemas/projects";
import { useQuery } from "@tanstack/react-query";
import { X } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { createDependencyRequest, useCreateDependency } from "@/entities/dependency/api/create-dependency";
import { deleteDependencyRequest, useDeleteDependency } from "@/entities/dependency/api/delete-dependency";
import { DependencyDialog } from "@/entities/dependency/components/dependency-dialog";
import { getProjectQueryOptions } from "@/entities/project/api/get-project";
import { useSchedulePreview } from "@/entities/schedule/components/use-schedule-preview";

/** A new task's picks: the ids of the tasks it will wait for and those it will block. */
export type PendingDependencies = { waitsFor: number[]; blocks: number[] };
export const NO_PENDING_DEPENDENCIES: PendingDependencies = { waitsFor: [], blocks: [] };

type Side = "waitsFor" | "blocks";
const SIDES: { side: Side; label: string; choose: string }[] = [
  { side: "waitsFor", label: "Waits for", choose: "Add a task it waits for" },
  { side: "blocks", label: "Blocks", choose: "Add a task it blocks" },
];

/** Under the pickers of a saved task: when a pick is saved, and where a link's type and lag are set. */
export const DEPENDENCY_FIELDS_HINT =
  "Links are saved as you add or remove them. A link's type and lag: click it here, double-click it in the graph, or click its arrow in the Gantt.";

type TaskDependencyFieldsProps = {
  projectId: number;
  /** The task being edited; null while adding one (the picks are then `pending`). */
  task: TaskDto | null;
  pending: PendingDependencies;
  onPendingChange: (next: PendingDependencies) => void;
  readOnly: boolean;
};

/** The two pickers, over the project's tasks (its cached detail, loaded here if it is not yet). */
export function TaskDependencyFields({
  projectId,
  task,
  pending,
  onPendingChange,
  readOnly,
}: TaskDependencyFieldsProps) {
  const detail = useQuery(getProjectQueryOptions(projectId));
  const createDependency = useCreateDependency();
  const deleteDependency = useDeleteDependency();
  const preview = useSchedulePreview((id) => detail.data?.tasks.find((each) => each.id === id)?.name);
  const [opened, setOpened] = useState<number | null>(null);
  if (!detail.data) return null;
  const { tasks, dependencies } = detail.data;
  const nameOf = new Map(tasks.map((each) => [each.id, each.name]));
  // A pick that would close a cycle is not offered (the server would refuse it).
  const closing = cycleClosingPicks(
    tasks.map((each) => each.id),
    dependencies,
    { taskId: task?.id ?? null, waitsFor: pending.waitsFor, blocks: pending.blocks },
  );

  /** The linked tasks on one side: their ids, and for a saved task the dependency behind each. */
  const linked = (side: Side): { taskId: number; dependency?: DependencyDto }[] => {
    if (!task) return pending[side].map((taskId) => ({ taskId }));
    return dependencies.flatMap((dependency) => {
      if (side === "waitsFor" && dependency.targetTaskId === task.id)
        return [{ taskId: dependency.sourceTaskId, dependency }];
      if (side === "blocks" && dependency.sourceTaskId === task.id)
        return [{ taskId: dependency.targetTaskId, dependency }];
      return [];
    });
  };

  const add = (side: Side, otherId: number) => {
    if (!task) {
      onPendingChange({ ...pending, [side]: [...pending[side], otherId] });
      return;
    }
    const [sourceTaskId, targetTaskId] = side === "waitsFor" ? [otherId, task.id] : [task.id, otherId];
    const body = { sourceTaskId, targetTaskId };
    void preview.confirm(createDependencyRequest(body), () =>
      createDependency.mutate({ projectId, ...body }),
    );
  };
  const remove = (side: Side, link: { taskId: number; dependency?: DependencyDto }) => {
    const { dependency } = link;
    if (dependency) {
      void preview.confirm(deleteDependencyRequest({ dependencyId: dependency.id }), () =>
        deleteDependency.mutate({ dependencyId: dependency.id, projectId }),
      );
    } else onPendingChange({ ...pending, [side]: pending[side].filter((id) => id !== link.taskId) });
  };

  return (
    <fieldset className="grid min-w-0 gap-3 rounded-lg border p-3 sm:p-4">
      <legend className="px-1 text-sm font-semibold">Dependencies</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        {SIDES.map(({ side, label, choose }) => {
          const links = linked(side);
          const taken = new Set([task?.id, ...links.map((link) => link.taskId)]);
          const candidates = tasks
            .filter((each) => !taken.has(each.id) && !closing[side].has(each.id))
            .sort((a, b) => a.name.localeCompare(b.name));
          return (
            <DependencyPicker
              key={side}
              label={label}
              choose={choose}
              links={links.map((link) => ({
                ...link,
                name: nameOf.get(link.taskId) ?? `Task ${link.taskId}`,
              }))}
              candidates={candidates}
              readOnly={readOnly}
              busy={createDependency.isPending}
              onAdd={(otherId) => add(side, otherId)}
              onRemove={(link) => remove(side, link)}
              onOpen={(link) => link.dependency && setOpened(link.dependency.id)}
            />
          );
        })}
      </div>
      {task && !readOnly && <p className="text-xs text-muted-foreground">{DEPENDENCY_FIELDS_HINT}</p>}
      {preview.dialog}
      <DependencyDialog
        dependency={dependencies.find((dependency) => dependency.id === opened) ?? null}
        tasks={tasks}
        canEdit={!readOnly}
        onClose={() => setOpened(null)}
      />
    </fieldset>
  );
}

type Link = { taskId: number; name: string; dependency?: DependencyDto };

type DependencyPickerProps = {
  label: string;
  choose: string;
  links: Link[];
  candidates: TaskDto[];
  readOnly: boolean;
  busy: boolean;
  onAdd: (taskId: number) => void;
  onRemove: (link: Link) => void;
  /** A saved link clicked: its type and lag to see or change. */
  onOpen: (link: Link) => void;
};

/** One side: the linked tasks, each with a remove button, then a select and Add. */
function DependencyPicker({
  label,
  choose,
  links,
  candidates,
  readOnly,
  busy,
  onAdd,
  onRemove,
  onOpen,
}: DependencyPickerProps) {
  const id = useId();
  const [choice, setChoice] = useState("");
  const picker = useRef<HTMLSelectElement>(null);
  const list = useRef<HTMLUListElement>(null);
  // Add turns disabled and a removed row goes: the focus would fall to the page. It goes back to
  // the picker (or, with nothing left to pick, to the list's last Remove button).
  const keepFocus = () =>
    requestAnimationFrame(() =>
      (picker.current ?? list.current?.querySelector<HTMLButtonElement>("li:last-child button"))?.focus(),
    );
  const add = () => {
    if (!choice) return;
    onAdd(Number(choice));
    setChoice("");
    keepFocus();
  };
  return (
    <fieldset className="grid min-w-0 content-start gap-2">
      <legend className="mb-2 text-sm font-medium">{label}</legend>
      {links.length === 0 ? (
        <p className="text-sm text-muted-foreground">No tasks</p>
      ) : (
        <ul ref={list} aria-label={label} className="grid gap-1">
          {links.map((link) => (
            <li
              key={link.taskId}
              className="flex min-w-0 items-center justify-between gap-2 rounded-md border bg-muted/40 py-1 pr-1 pl-2 text-sm"
            >
              {link.dependency ? (
                <button
                  type="button"
                  onClick={() => onOpen(link)}
                  className="flex min-w-0 flex-1 items-center gap-2 rounded text-left outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <span className="min-w-0 line-clamp-2">{link.name}</span>
                  <span
                    data-link-type
                    className="ml-auto shrink-0 rounded bg-background px-1 text-[11px] font-medium text-muted-foreground"
                  >
                    {dependencyLabel(link.dependency) ?? "FS"}
                  </span>
                  {/* Spoken after what is shown, so the name heard holds the text seen. */}
                  <span className="sr-only">
                    {`, ${DEPENDENCY_TYPE_NAMES[link.dependency.type ?? "FS"].toLowerCase()}${link.dependency.lag ? `, lag ${link.dependency.lag} working days` : ""}: set its type and lag`}
                  </span>
                </button>
              ) : (
                <span className="min-w-0 line-clamp-2">{link.name}</span>
              )}
              {!readOnly && (
                <Button
                  type="button"
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Remove "${link.name}" from ${label}`}
                  onClick={() => {
                    onRemove(link);
                    keepFocus();
                  }}
                >
                  <X aria-hidden />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {!readOnly && candidates.length > 0 && (
        <div className="flex min-w-0 gap-2">
          <NativeSelect
            ref={picker}
            id={id}
            aria-label={choose}
            className="min-w-0 flex-1"
            value={choice}
            onChange={(event) => setChoice(event.target.value)}
          >
            <option value="">Choose a task…</option>
            {candidates.map((candidate) => (
              <option key={candidate.id} value={String(candidate.id)}>
                {candidate.name.length > 80 ? `${candidate.name.slice(0, 80)}…` : candidate.name}
              </option>
            ))}
          </NativeSelect>
          <Button
            type="button"
            variant="outline"
            aria-label={`Add to ${label}`}
            disabled={!choice || busy}
            onClick={add}
          >
            Add
          </Button>
        </div>
      )}
    </fieldset>
  );
}
