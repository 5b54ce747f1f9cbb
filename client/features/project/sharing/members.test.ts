import type { MemberUserDto, ShareDto } from "@core/schemas/sharing";
import { describe, expect, it } from "vitest";
import { canManageMember, grantableRoles, memberRows, roleChoices, sharingLevel } from "./members";

const person = (id: number, email: string, names: Partial<MemberUserDto> = {}): MemberUserDto => ({
  id,
  email,
  firstName: null,
  lastName: null,
  username: null,
  profileImageUrl: null,
  ...names,
});
const ada = person(1, "ada@example.com", { firstName: "Ada", lastName: "Lovelace" });
const bob = person(2, "bob@example.com", { username: "bob" });
const share = (id: number, email: string, overrides: Partial<ShareDto> = {}): ShareDto => ({
  id,
  projectId: 5,
  email,
  role: "viewer",
  invitedAt: "2026-01-01T00:00:00.000Z",
  acceptedAt: null,
  user: null,
  ...overrides,
});

describe("member rows", () => {
  it("put the owner first, then members as Pending until they open the project", () => {
    const rows = memberRows(
      {
        owner: ada,
        isOwner: false,
        shares: [
          share(10, "bob@example.com", { user: bob, role: "editor", acceptedAt: "2026-01-02T00:00:00Z" }),
          share(11, "new@example.com"),
        ],
      },
      { id: 2, email: "bob@example.com" },
    );
    expect(rows.map(({ name, role, status, isYou }) => ({ name, role, status, isYou }))).toEqual([
      { name: "Ada Lovelace", role: "owner", status: null, isYou: false },
      { name: "bob", role: "editor", status: "Accepted", isYou: true },
      { name: "new@example.com", role: "viewer", status: "Pending", isYou: false },
    ]);
  });

  it("recognise the user's own invitation by email before the account is linked", () => {
    const rows = memberRows(
      { owner: ada, isOwner: false, shares: [share(11, "new@example.com")] },
      { id: 9, email: "New@Example.com" },
    );
    expect(rows[1]?.isYou).toBe(true);
  });
});

describe("what the caller may do with members", () => {
  it("treats the project's owner as owner whatever the access level says", () => {
    expect(sharingLevel("viewer", 1, 1)).toBe("owner");
    expect(sharingLevel("admin", 1, 2)).toBe("admin");
    expect(sharingLevel(undefined, 1, null)).toBe("viewer");
  });

  it("lets owners and admins manage members, never the owner, and editors nobody", () => {
    expect(canManageMember("owner", share(1, "x@example.com", { role: "admin" }))).toBe(true);
    expect(canManageMember("admin", share(1, "x@example.com", { role: "admin" }))).toBe(true);
    expect(canManageMember("editor", share(1, "x@example.com"))).toBe(false);
    expect(canManageMember("owner", null)).toBe(false);
  });

  it("disable the current role and roles above the caller's own", () => {
    expect(roleChoices("owner", "viewer")).toEqual([
      { role: "viewer", label: "Make Viewer", disabled: true },
      { role: "editor", label: "Make Editor", disabled: false },
      { role: "admin", label: "Make Admin", disabled: false },
    ]);
    expect(roleChoices("editor", "viewer").every((choice) => choice.disabled)).toBe(true);
    expect(grantableRoles("admin")).toEqual(["viewer", "editor", "admin"]);
    expect(grantableRoles("viewer")).toEqual([]);
  });
});
