// Database rows to the response shapes of spec section 3 (core/schemas/projects.ts).
import type { ShareRole } from "@core/access/permissions";
import type {
  CategoryDto,
  DependencyDto,
  ProjectDto,
  ProjectView,
  SharedProjectDto,
  TaskDto,
} from "@core/schemas/projects";
import type { Category, Dependency, Project, Task } from "../db/schema";

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export type ProjectPreferences = { lastViewedAt: Date | null; preferredView: string | null } | null;

export function toProjectDto(project: Project, preferences: ProjectPreferences): ProjectDto {
  return {
    id: project.id,
    name: project.name,
    description: project.description,
    slug: project.slug,
    userId: project.userId,
    archived: project.archived,
    lastViewedAt: iso(preferences?.lastViewedAt ?? null),
    preferredView: (preferences?.preferredView ?? null) as ProjectView | null,
    createdAt: project.createdAt.toISOString(),
    updatedAt: project.updatedAt.toISOString(),
  };
}

export function toSharedProjectDto(
  project: Pick<Project, "id" | "name" | "slug" | "archived">,
  share: { role: string; invitedAt: Date },
): SharedProjectDto {
  return {
    id: project.id,
    name: project.name,
    slug: project.slug,
    role: share.role as ShareRole,
    invitedAt: share.invitedAt.toISOString(),
    archived: project.archived,
  };
}

export function toTaskDto(task: Task): TaskDto {
  return {
    id: task.id,
    projectId: task.projectId,
    name: task.name,
    description: task.description,
    status: task.status,
    completed: task.completed,
    completedAt: iso(task.completedAt),
    startDate: iso(task.startDate),
    snoozeUntil: iso(task.snoozeUntil),
    dueDate: iso(task.dueDate),
    categoryId: task.categoryId,
    assigneeId: task.assigneeId,
    positionX: task.positionX,
    positionY: task.positionY,
    width: task.width,
    height: task.height,
    order: task.order,
    createdAt: task.createdAt.toISOString(),
    updatedAt: task.updatedAt.toISOString(),
  };
}

export function toDependencyDto(dependency: Dependency): DependencyDto {
  return {
    id: dependency.id,
    projectId: dependency.projectId,
    sourceTaskId: dependency.sourceTaskId,
    targetTaskId: dependency.targetTaskId,
  };
}

export function toCategoryDto(category: Category): CategoryDto {
  return { id: category.id, name: category.name, color: category.color };
}
