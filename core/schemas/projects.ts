// Projects, preferred views and categories: the API contract, parsed by the server's routes and the
// client's forms alike.
import { z } from "zod";
import type { AccessLevel, ShareRole } from "../access/permissions";
import type { DependencyDto } from "./dependencies";
import { holidaysSchema, isoDaySchema, type ProjectScheduleDto, workingDaysSchema } from "./scheduling";
import type { ScheduledTaskDto } from "./tasks";
import type { Serialized, Simplify } from "./wire";

export type { DependencyDto } from "./dependencies";
export type { ScheduledTaskDto, TaskDto } from "./tasks";

export const PROJECT_NAME_MAX = 200;
export const PROJECT_DESCRIPTION_MAX = 5_000;
export const CATEGORY_NAME_MAX = 50;

export const projectNameSchema = z
  .string({ error: "Project name is required" })
  .trim()
  .min(1, "Project name is required")
  .max(PROJECT_NAME_MAX, `Project name must be ${PROJECT_NAME_MAX} characters or less`);

export const projectDescriptionSchema = z
  .string({ error: "Project description must be text" })
  .trim()
  .max(PROJECT_DESCRIPTION_MAX, `Project description must be ${PROJECT_DESCRIPTION_MAX} characters or less`);

/**
 * Every field of a project a request may write: the wire type (ProjectDto) and the create and
 * update bodies follow it. The stored table (server/db/schema.ts) must have the same fields.
 */
export const projectFields = {
  name: projectNameSchema,
  /** An empty description is stored as null. */
  description: projectDescriptionSchema.nullish().transform((value) => (value ? value : null)),
  archived: z.boolean({ error: "archived must be true or false" }),
  // The working calendar the schedule counts in (docs/decisions/024-scheduling.md).
  startDate: isoDaySchema("startDate"),
  workingDays: workingDaysSchema,
  holidays: holidaysSchema,
  /** The day progress is judged at; null: today (docs/spec/tracking.md). */
  statusDate: isoDaySchema("statusDate").nullable(),
};

/** POST /api/projects. */
export const createProjectSchema = z.object({
  name: projectFields.name,
  description: projectFields.description,
});
export type CreateProjectInput = z.input<typeof createProjectSchema>;

/** PUT and PATCH /api/projects/{id}: any of name, description, archived and the calendar; at least one. */
export const updateProjectSchema = z
  .object({
    ...projectFields,
    // Left out (undefined) leaves the description as it is.
    description: projectDescriptionSchema
      .nullish()
      .transform((value) => (value === undefined ? undefined : value ? value : null)),
  })
  .partial()
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message:
      "Send at least one of name, description, archived, startDate, workingDays, holidays or statusDate.",
  });
export type UpdateProjectInput = z.input<typeof updateProjectSchema>;

export const PROJECT_VIEWS = ["graph", "list", "phases", "gantt", "kanban", "sharing"] as const;
export type ProjectView = (typeof PROJECT_VIEWS)[number];

export const preferredViewSchema = z.object({
  view: z.enum(PROJECT_VIEWS, { error: `view must be one of ${PROJECT_VIEWS.join(", ")}` }),
});

/** The ten preset category colours, in order. */
export const PRESET_CATEGORY_COLORS = [
  "#FF5733",
  "#33FF57",
  "#3357FF",
  "#FF33F1",
  "#33FFF1",
  "#F1FF33",
  "#FF8C33",
  "#8C33FF",
  "#33FF8C",
  "#FF338C",
] as const;

export const categorySchema = z.object({
  name: z
    .string({ error: "Category name is required" })
    .trim()
    .min(1, "Category name is required")
    .max(CATEGORY_NAME_MAX, `Category name must be ${CATEGORY_NAME_MAX} characters or less`),
  color: z
    .string({ error: "Please enter a valid hex color code" })
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, "Please enter a valid hex color code"),
});
export type CategoryInput = z.input<typeof categorySchema>;

// Response shapes. Dates are ISO 8601 strings on the wire.

/** The fields only the server sets, and the caller's own (from project_preferences). */
type ProjectServerFields = {
  id: number;
  slug: string;
  userId: number;
  createdAt: Date;
  updatedAt: Date;
  /** When the caller last opened it; null if never. */
  lastViewedAt: Date | null;
  /** The caller's preferred view of it; null if never chosen. */
  preferredView: ProjectView | null;
  /** One more with every change published to its event stream
   * (docs/decisions/029-events-carry-the-change.md). */
  version: number;
};

/** A project as the API answers it: every field, dates as ISO strings. */
export type ProjectDto = Simplify<
  Serialized<ProjectServerFields & { [K in keyof typeof projectFields]: z.output<(typeof projectFields)[K]> }>
>;

export type SharedProjectDto = {
  id: number;
  name: string;
  slug: string;
  role: ShareRole;
  invitedAt: string;
  archived: boolean;
};

export type CategoryDto = { id: number; name: string; color: string };

/** GET /api/projects/{id} */
export type ProjectDetailDto = {
  project: ProjectDto;
  tasks: ScheduledTaskDto[];
  dependencies: DependencyDto[];
  accessLevel: AccessLevel;
  schedule: ProjectScheduleDto;
};
