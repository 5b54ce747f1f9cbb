// Projects, preferred views and categories: the API contract, parsed by the server's routes and the
// client's forms alike.
import { z } from "zod";
import type { AccessLevel, ShareRole } from "../access/permissions";

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

/** POST /api/projects. An empty description is stored as null. */
export const createProjectSchema = z.object({
  name: projectNameSchema,
  description: projectDescriptionSchema.nullish().transform((value) => (value ? value : null)),
});
export type CreateProjectInput = z.input<typeof createProjectSchema>;

/** PUT and PATCH /api/projects/{id}: any of name, description, archived; at least one. */
export const updateProjectSchema = z
  .object({
    name: projectNameSchema.optional(),
    description: projectDescriptionSchema
      .nullish()
      .transform((value) => (value === undefined ? undefined : value ? value : null)),
    archived: z.boolean({ error: "archived must be true or false" }).optional(),
  })
  .refine(
    (value) => value.name !== undefined || value.description !== undefined || value.archived !== undefined,
    {
      message: "Send at least one of name, description or archived.",
    },
  );
export type UpdateProjectInput = z.input<typeof updateProjectSchema>;

export const PROJECT_VIEWS = ["graph", "list", "phases", "gantt", "kanban", "sharing"] as const;
export type ProjectView = (typeof PROJECT_VIEWS)[number];

export const preferredViewSchema = z.object({
  view: z.enum(PROJECT_VIEWS, { error: `view must be one of ${PROJECT_VIEWS.join(", ")}` }),
});

/** The ten preset colours of spec section 9, in order. */
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

// Response shapes (spec section 3). Dates are ISO 8601 strings on the wire.

export type ProjectDto = {
  id: number;
  name: string;
  description: string | null;
  slug: string;
  userId: number;
  archived: boolean;
  /** When the caller last opened it; null if never. */
  lastViewedAt: string | null;
  /** The caller's preferred view of it; null if never chosen. */
  preferredView: ProjectView | null;
  createdAt: string;
  updatedAt: string;
};

export type SharedProjectDto = {
  id: number;
  name: string;
  slug: string;
  role: ShareRole;
  invitedAt: string;
  archived: boolean;
};

export type CategoryDto = { id: number; name: string; color: string };

export type TaskDto = {
  id: number;
  projectId: number;
  name: string;
  description: string;
  status: string;
  completed: boolean;
  completedAt: string | null;
  startDate: string | null;
  snoozeUntil: string | null;
  dueDate: string | null;
  categoryId: number | null;
  assigneeId: number | null;
  positionX: number | null;
  positionY: number | null;
  width: number | null;
  height: number | null;
  order: number;
  createdAt: string;
  updatedAt: string;
};

export type DependencyDto = { id: number; projectId: number; sourceTaskId: number; targetTaskId: number };

/** GET /api/projects/{id} */
export type ProjectDetailDto = {
  project: ProjectDto;
  tasks: TaskDto[];
  dependencies: DependencyDto[];
  accessLevel: AccessLevel;
};
