import type { MemberUserDto, ShareDto } from "@core/schemas/sharing";
import { userDisplayName } from "@core/users/display-name";
import { describe, expect, it } from "vitest";
import { assigneeOptions } from "./assignee-options";

const ada = { id: 1, email: "ada@example.com", firstName: "Ada", lastName: "Lovelace", username: "ada" };
const person = (id: number, username: string): MemberUserDto => ({
  id,
  email: `${username}@example.com`,
  firstName: null,
  lastName: null,
  username,
  profileImageUrl: null,
});
const share = (id: number, user: MemberUserDto | null, email = user?.email ?? "x@example.com"): ShareDto => ({
  id,
  projectId: 5,
  email,
  role: "editor",
  invitedAt: "2026-01-01T00:00:00.000Z",
  acceptedAt: null,
  user,
});

describe("assignee options", () => {
  it("offer the user first, then the owner and the members with an account", () => {
    const bob = person(2, "bob");
    const cy = person(3, "cy");
    expect(
      assigneeOptions(ada, { owner: bob, shares: [share(1, cy), share(2, null, "later@example.com")] }, null),
    ).toEqual([
      { id: 1, label: "Ada Lovelace (you)" },
      { id: 2, label: "bob" },
      { id: 3, label: "cy" },
    ]);
  });

  it("list the user once when they own the project or are one of its members", () => {
    expect(assigneeOptions(ada, { owner: { ...person(1, "ada") }, shares: [] }, null)).toEqual([
      { id: 1, label: "Ada Lovelace (you)" },
    ]);
    expect(
      assigneeOptions(ada, { owner: person(2, "bob"), shares: [share(1, person(1, "ada"))] }, null),
    ).toEqual([
      { id: 1, label: "Ada Lovelace (you)" },
      { id: 2, label: "bob" },
    ]);
  });

  it("offer the user alone until the members have loaded, and keep a current assignee not listed", () => {
    expect(assigneeOptions(ada, undefined, null)).toEqual([{ id: 1, label: "Ada Lovelace (you)" }]);
    expect(assigneeOptions(ada, undefined, 9)).toEqual([
      { id: 1, label: "Ada Lovelace (you)" },
      { id: 9, label: "Current assignee" },
    ]);
    expect(assigneeOptions(ada, { owner: person(2, "bob"), shares: [] }, 2)).toHaveLength(2);
  });

  it("name people by full name, username or email", () => {
    expect(userDisplayName(ada)).toBe("Ada Lovelace");
    expect(userDisplayName({ firstName: " ", lastName: null, username: "ada" })).toBe("ada");
    expect(userDisplayName({ username: null, email: "ada@example.com" })).toBe("ada@example.com");
  });
});
