import type { PublicUser } from "@core/schemas/auth";
import type { SharesResponseDto } from "@core/schemas/sharing";
import { userDisplayName } from "@core/users/display-name";
import { useShares } from "@/entities/share/api/get-shares";
import { useAuth } from "@/lib/use-auth";

export type AssigneeOption = { id: number; label: string };

type Person = Pick<PublicUser, "id" | "firstName" | "lastName" | "username" | "email">;

/**
 * Who a task can be assigned to (the server refuses anyone else): the project's owner and its
 * members with an account, the signed-in user first. Until the members have loaded (or without a
 * project) that is the user alone; a task already assigned to someone not listed keeps that person
 * as an option, so opening the dialog never drops them.
 *
 * @example assigneeOptions(ada, { owner: bob, shares: [] }, null) // [{ id: 1, label: "Ada Lovelace (you)" }, { id: 2, label: "bob" }]
 */
export function assigneeOptions(
  user: Person | null,
  members: Pick<SharesResponseDto, "owner" | "shares"> | null | undefined,
  currentAssigneeId: number | null | undefined,
): AssigneeOption[] {
  const options: AssigneeOption[] = [];
  const add = (id: number, label: string) => {
    if (!options.some((option) => option.id === id)) options.push({ id, label });
  };
  if (user) add(user.id, `${userDisplayName(user)} (you)`);
  if (members) {
    // A person by their name, as members are: the role says nothing about who does the task.
    add(members.owner.id, userDisplayName(members.owner));
    for (const { user: member } of members.shares) if (member) add(member.id, userDisplayName(member));
  }
  if (currentAssigneeId) add(currentAssigneeId, "Current assignee");
  return options;
}

/** The assignee select's options for a project, from its members (GET /api/projects/{id}/shares). */
export function useAssigneeOptions(
  projectId: number | null | undefined,
  currentAssigneeId: number | null | undefined,
): AssigneeOption[] {
  const { user } = useAuth();
  const members = useShares(projectId);
  return assigneeOptions(user, members.data, currentAssigneeId);
}
