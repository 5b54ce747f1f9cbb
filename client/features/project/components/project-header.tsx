import type { AccessLevel } from "@core/access/permissions";
import type { ProjectDto } from "@core/schemas/projects";
import { CalendarDays, FileText, MoreHorizontal, Plus, Tags, Users } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { IconButton } from "@/components/icon-button";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DropdownMenuItem } from "@/components/ui/dropdown-menu";
import { ViewTabs } from "@/components/view-tabs";
import { ProjectOptionsMenu } from "@/entities/project/components/project-options-menu";
import { ActivityButton } from "@/features/project/components/activity-panel";
import { ChartExportMenu } from "@/features/project/components/chart-export/chart-export-menu";
import { ProjectCalendarDialog } from "@/features/project/components/project-calendar-dialog";
import { ProjectDetailsDialog } from "@/features/project/components/project-details-dialog";
import { projectPermissions } from "@/lib/project-permissions";
import { type ProjectView, projectPath, VIEW_LABELS } from "@/lib/project-views";
import { cn } from "@/lib/utils";

/** The switcher's views; sharing is a page of its own, behind the sharing button. */
const SWITCHER_VIEWS = [
  "graph",
  "list",
  "phases",
  "gantt",
  "kanban",
] as const satisfies readonly ProjectView[];

type ProjectHeaderProps = {
  project: ProjectDto;
  accessLevel: AccessLevel;
  view: ProjectView;
  onSelectView: (view: ProjectView) => void;
  /** Opens the task dialog to add a task. */
  onNewTask: () => void;
  onOpenCategories: () => void;
};

export function ProjectHeader({
  project,
  accessLevel,
  view,
  onSelectView,
  onNewTask,
  onOpenCategories,
}: ProjectHeaderProps) {
  const { canEdit, canManage } = projectPermissions(accessLevel);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [calendarOpen, setCalendarOpen] = useState(false);
  const tabs = SWITCHER_VIEWS.map((name) => ({
    value: name,
    label: VIEW_LABELS[name],
    href: projectPath(project.slug, name),
  }));

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-2 pt-0.5">
          <div className="min-w-0">
            <div className="flex min-w-0 items-center gap-2">
              <h1 className="truncate text-2xl font-semibold tracking-tight">{project.name}</h1>
              {project.archived && <Badge variant="secondary">Archived</Badge>}
            </div>
            {project.description && (
              <p className="mt-0.5 line-clamp-2 max-w-3xl text-sm text-muted-foreground">
                {project.description}
              </p>
            )}
          </div>
        </div>
        <div className="flex shrink-0 items-center gap-1 sm:gap-2">
          {canEdit && <NewTaskButton onClick={onNewTask} />}
          <ActivityButton projectId={project.id} accessLevel={accessLevel} />
          <ChartExportMenu view={view} />
          <IconButton label="Sharing" tooltip="Share this project" variant="outline" asChild>
            <Link
              href={projectPath(project.slug, "sharing")}
              onClick={() => onSelectView("sharing")}
              aria-current={view === "sharing" ? "page" : undefined}
              className={cn(view === "sharing" && "bg-accent text-accent-foreground")}
            >
              <Users aria-hidden />
            </Link>
          </IconButton>
          <ProjectOptionsMenu
            project={project}
            accessLevel={accessLevel}
            trigger={
              <IconButton label="Project menu" tooltip="Project Options" variant="outline">
                <MoreHorizontal aria-hidden />
              </IconButton>
            }
          >
            <DropdownMenuItem disabled={!canManage} onSelect={() => setDetailsOpen(true)}>
              <FileText aria-hidden />
              Edit Details
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={onOpenCategories}>
              <Tags aria-hidden />
              Project Categories
            </DropdownMenuItem>
            <DropdownMenuItem disabled={!canManage} onSelect={() => setCalendarOpen(true)}>
              <CalendarDays aria-hidden />
              Schedule Settings
            </DropdownMenuItem>
          </ProjectOptionsMenu>
          <ProjectDetailsDialog project={project} open={detailsOpen} onOpenChange={setDetailsOpen} />
          <ProjectCalendarDialog project={project} open={calendarOpen} onOpenChange={setCalendarOpen} />
        </div>
      </div>
      <ViewTabs
        tabs={tabs}
        active={view}
        label="Project views"
        onSelect={(value) => onSelectView(value as ProjectView)}
      />
    </div>
  );
}

function NewTaskButton({ onClick }: { onClick: () => void }) {
  return (
    <Button onClick={onClick}>
      <Plus aria-hidden />
      <span className="max-sm:sr-only">New Task</span>
    </Button>
  );
}
