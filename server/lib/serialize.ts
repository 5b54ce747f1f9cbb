// Database rows to the API's response shapes (core/schemas/projects.ts).
import type { ShareRole } from "@core/access/permissions";
import type {
  CategoryDto,
  DependencyDto,
  ProjectDto,
  ProjectView,
  SharedProjectDto,
  TaskDto,
} from "@core/schemas/projects";
import type { Equal, Serialized, Simplify } from "@core/schemas/wire";
import {
  type Category,
  type Dependency,
  dependencies,
  type Project,
  projects,
  type Task,
  tasks,
} from "../db/schema";
import { wireShape } from "../db/wire-shape";

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export type ProjectPreferences = { lastViewedAt: Date | null; preferredView: string | null } | null;

/** The graph version is the server's own (the cycle check's cache key). */
export const projectWire = wireShape(projects, ["graphVersion"]);
export const taskWire = wireShape(tasks);
/** When a dependency was made is not shown anywhere. */
export const dependencyWire = wireShape(dependencies, ["createdAt"]);

// The stored tables and the wire types of core/schemas must hold the same fields: a column added
// to one and not the other fails the type check here.
const tasksMatch: Equal<Serialized<Task>, TaskDto> = true;
const dependenciesMatch: Equal<Serialized<Omit<Dependency, "createdAt">>, DependencyDto> = true;
const projectsMatch: Equal<
  Simplify<Serialized<Omit<Project, "graphVersion">> & Pick<ProjectDto, "lastViewedAt" | "preferredView">>,
  ProjectDto
> = true;
void [tasksMatch, dependenciesMatch, projectsMatch];

export function toProjectDto(project: Project, preferences: ProjectPreferences): ProjectDto {
  return {
    ...projectWire.serialize(project),
    lastViewedAt: iso(preferences?.lastViewedAt ?? null),
    preferredView: (preferences?.preferredView ?? null) as ProjectView | null,
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

export const toTaskDto = (task: Task): TaskDto => taskWire.serialize(task);

export const toDependencyDto = (dependency: Dependency): DependencyDto =>
  dependencyWire.serialize(dependency);

export function toCategoryDto(category: Category): CategoryDto {
  return { id: category.id, name: category.name, color: category.color };
}
