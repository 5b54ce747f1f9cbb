import type { TaskDto } from "@core/schemas/projects";
import { useId } from "react";
import { Link } from "wouter";
import { DisclosureButton } from "@/components/ui/disclosure-button";
import { MyTaskRow } from "@/features/my-tasks/components/my-task-row";
import type { MyTasksGroup } from "@/features/my-tasks/my-tasks-data";
import { projectPath } from "@/lib/project-views";

type MyTasksGroupProps = {
  group: MyTasksGroup;
  expanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
  canEdit: boolean;
  now: Date;
  onToggleTask: (task: TaskDto) => void | Promise<void>;
  onSetTaskProgress: (task: TaskDto, percent: number) => void | Promise<void>;
  onOpenTask: (task: TaskDto) => void;
};

/** One project's section of the My Tasks accordion, with its View Project link. */
export function MyTasksGroupSection({
  group,
  expanded,
  onExpandedChange,
  canEdit,
  now,
  onToggleTask,
  onSetTaskProgress,
  onOpenTask,
}: MyTasksGroupProps) {
  const panelId = useId();
  const { project, tasks } = group;

  return (
    <section className="rounded-lg border bg-card">
      <div className="flex items-center gap-2 pr-2 sm:pr-3">
        <h2 className="min-w-0 flex-1">
          <DisclosureButton
            expanded={expanded}
            onExpandedChange={onExpandedChange}
            controls={panelId}
            className="w-full min-w-0 gap-2 rounded-lg px-3 py-3 text-left sm:px-4"
          >
            <span className="truncate font-semibold">{project.name}</span>
            <span className="shrink-0 rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
              {tasks.length}
            </span>
          </DisclosureButton>
        </h2>
        <Link
          href={projectPath(project.slug)}
          className="shrink-0 rounded-sm text-sm font-medium text-primary outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          View Project
        </Link>
      </div>
      <ul
        id={panelId}
        hidden={!expanded}
        aria-label={`Tasks in ${project.name}`}
        className="divide-y border-t"
      >
        {tasks.map((task) => (
          <MyTaskRow
            key={task.id}
            task={task}
            canEdit={canEdit}
            now={now}
            onToggle={onToggleTask}
            onSetProgress={onSetTaskProgress}
            onOpen={onOpenTask}
          />
        ))}
      </ul>
    </section>
  );
}
