import { describe, expect, it } from "vitest";
import { userDisplayName } from "@/lib/user-name";
import { assigneeOptions } from "./assignee-options";

const ada = { id: 1, email: "ada@example.com", firstName: "Ada", lastName: "Lovelace", username: "ada" };

describe("assignee options", () => {
  it("offer the user, and the owner when someone else owns the project", () => {
    expect(assigneeOptions(ada, 1, null)).toEqual([{ id: 1, label: "Ada Lovelace (you)" }]);
    expect(assigneeOptions(ada, 2, null)).toEqual([
      { id: 1, label: "Ada Lovelace (you)" },
      { id: 2, label: "Project owner" },
    ]);
  });

  it("keep a current assignee who is not otherwise listed", () => {
    expect(assigneeOptions(ada, undefined, 9)).toEqual([
      { id: 1, label: "Ada Lovelace (you)" },
      { id: 9, label: "Current assignee" },
    ]);
    expect(assigneeOptions(ada, 2, 2)).toHaveLength(2);
  });

  it("name people by full name, username or email", () => {
    expect(userDisplayName(ada)).toBe("Ada Lovelace");
    expect(userDisplayName({ firstName: " ", lastName: null, username: "ada" })).toBe("ada");
    expect(userDisplayName({ username: null, email: "ada@example.com" })).toBe("ada@example.com");
  });
});
