import { PROJECT_NAME_MAX } from "@core/schemas/projects";
import { describe, expect, it } from "vitest";
import { decideRename } from "./rename-decision";

describe("decideRename", () => {
  it("closes without a call for an empty or blank name", () => {
    expect(decideRename("Launch", "")).toEqual({ kind: "close" });
    expect(decideRename("Launch", "   ")).toEqual({ kind: "close" });
  });

  it("closes without a call when the trimmed name is unchanged", () => {
    expect(decideRename("Launch", "Launch")).toEqual({ kind: "close" });
    expect(decideRename("Launch", "  Launch\t")).toEqual({ kind: "close" });
  });

  it("saves a different name, trimmed", () => {
    expect(decideRename("Launch", " Relaunch ")).toEqual({ kind: "save", name: "Relaunch" });
    expect(decideRename("Launch", "launch")).toEqual({ kind: "save", name: "launch" });
  });

  it("refuses a name longer than the limit with the schema's message", () => {
    expect(decideRename("Launch", "x".repeat(PROJECT_NAME_MAX + 1))).toEqual({
      kind: "invalid",
      message: `Project name must be ${PROJECT_NAME_MAX} characters or less`,
    });
    expect(decideRename("Launch", "x".repeat(PROJECT_NAME_MAX)).kind).toBe("save");
  });
});
