// Members, invitations and public links: the API contract and the invite form.
import { z } from "zod";
import { SHARE_ROLES, type ShareRole } from "../access/permissions";
import type { CategoryDto, DependencyDto, ProjectDto, ScheduledTaskDto } from "./projects";
import type { ProjectScheduleDto } from "./scheduling";

const roleSchema = z.enum(SHARE_ROLES, { error: "Please select a role" });

/** POST /api/projects/{id}/share, and the Invite form (default role viewer). */
export const inviteSchema = z.object({
  email: z
    .string({ error: "Please enter a valid email address" })
    .trim()
    .toLowerCase()
    .max(254, "Please enter a valid email address")
    .pipe(z.email({ error: "Please enter a valid email address" })),
  role: roleSchema.default("viewer"),
});
export type InviteInput = z.input<typeof inviteSchema>;

/** PUT /api/project-shares/{shareId} */
export const updateShareSchema = z.object({ role: roleSchema });

/** A person as others see them: names, never more than the email members already share. */
export type MemberUserDto = {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  profileImageUrl: string | null;
};

export type ShareDto = {
  id: number;
  projectId: number;
  email: string;
  role: ShareRole;
  invitedAt: string;
  /** Null while Pending; set the first time the member opens the project (Accepted). */
  acceptedAt: string | null;
  /** The account with this email, once there is one. */
  user: MemberUserDto | null;
};

/** GET /api/projects/{id}/shares */
export type SharesResponseDto = { shares: ShareDto[]; isOwner: boolean; owner: MemberUserDto };

/** GET /api/projects/{id}/share-token, POST generate-share, DELETE share-token */
export type ShareTokenDto = { shareEnabled: boolean; shareUrl: string | null };

/** GET /api/share/{token}: what a public visitor may see, and nothing about members. */
/** The project's fields a public link shows (not its owner, slug or archived state). */
export const PUBLIC_PROJECT_FIELDS = [
  "id",
  "name",
  "description",
  "createdAt",
  "updatedAt",
  "startDate",
  "workingDays",
  "holidays",
  "statusDate",
  "version",
] as const satisfies readonly (keyof ProjectDto)[];

/** The fields of `project` a public link shows. */
export function publicProjectFields<P extends Pick<ProjectDto, (typeof PUBLIC_PROJECT_FIELDS)[number]>>(
  project: P,
): Pick<ProjectDto, (typeof PUBLIC_PROJECT_FIELDS)[number]> {
  return Object.fromEntries(PUBLIC_PROJECT_FIELDS.map((field) => [field, project[field]])) as Pick<
    ProjectDto,
    (typeof PUBLIC_PROJECT_FIELDS)[number]
  >;
}

export type PublicProjectDto = {
  project: Pick<ProjectDto, (typeof PUBLIC_PROJECT_FIELDS)[number]>;
  tasks: ScheduledTaskDto[];
  dependencies: DependencyDto[];
  categories: CategoryDto[];
  schedule: ProjectScheduleDto;
};
