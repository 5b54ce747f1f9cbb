import { useAuth } from "@/lib/use-auth";
import { userDisplayName } from "@/lib/user-name";
import type { PublicUser } from "../../../core/schemas/auth";

export type AssigneeOption = { id: number; label: string };

/**
 * Who a task can be assigned to. Until project members can be listed (GET /api/projects/{id}/shares
 * comes with the sharing issue) that is the signed-in user and the project owner; a task already
 * assigned to someone else keeps that person as an option, so opening the dialog never drops them.
 *
 * @example assigneeOptions({ id: 1, username: "ada" }, 2, null) // [{ id: 1, label: "ada (you)" }, { id: 2, label: "Project owner" }]
 */
export function assigneeOptions(
  user: Pick<PublicUser, "id" | "firstName" | "lastName" | "username" | "email"> | null,
  ownerId: number | null | undefined,
  currentAssigneeId: number | null | undefined,
): AssigneeOption[] {
  const options: AssigneeOption[] = [];
  if (user) options.push({ id: user.id, label: `${userDisplayName(user)} (you)` });
  if (ownerId && ownerId !== user?.id) options.push({ id: ownerId, label: "Project owner" });
  if (currentAssigneeId && !options.some((option) => option.id === currentAssigneeId)) {
    options.push({ id: currentAssigneeId, label: "Current assignee" });
  }
  return options;
}

/** The assignee select's options; the one place the sharing issue extends with the members. */
export function useAssigneeOptions(
  ownerId: number | null | undefined,
  currentAssigneeId: number | null | undefined,
): AssigneeOption[] {
  const { user } = useAuth();
  return assigneeOptions(user, ownerId, currentAssigneeId);
}
