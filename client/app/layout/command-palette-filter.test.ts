import { describe, expect, it } from "vitest";
import type { AppCommand } from "@/lib/commands/command-registry";
import { commandMatches, matchingCommandGroups } from "./command-palette-filter";

const command = (id: string, label: string, group: AppCommand["group"], keywords?: string[]): AppCommand => ({
  id,
  label,
  group,
  keywords,
  run: () => {},
});

const commands = [
  command("go.my-tasks", "Go to My Tasks", "Go to"),
  command("theme", "Switch to dark theme", "Preferences", ["appearance", "light"]),
  command("task.new", "New task", "Task", ["add", "create"]),
  command("go.projects", "Go to Projects", "Go to"),
  command("project.new", "New project", "Project", ["create"]),
];

describe("commandMatches", () => {
  it("matches every word typed anywhere in the label, the keywords or the group, in any case", () => {
    expect(commandMatches(commands[1], "DARK")).toBe(true);
    expect(commandMatches(commands[1], "theme appear")).toBe(true);
    expect(commandMatches(commands[1], "light")).toBe(true);
    expect(commandMatches(commands[1], "preferences")).toBe(true);
    expect(commandMatches(commands[0], "tasks my")).toBe(true);
    expect(commandMatches(commands[0], "  ")).toBe(true);
  });

  it("does not match when one word is missing", () => {
    expect(commandMatches(commands[0], "my projects")).toBe(false);
    expect(commandMatches(commands[2], "delete")).toBe(false);
  });
});

describe("matchingCommandGroups", () => {
  it("lists the groups in the palette's order, commands in their registration order", () => {
    expect(
      matchingCommandGroups(commands, "").map((entry) => [
        entry.group,
        entry.commands.map((each) => each.id),
      ]),
    ).toEqual([
      ["Task", ["task.new"]],
      ["Project", ["project.new"]],
      ["Go to", ["go.my-tasks", "go.projects"]],
      ["Preferences", ["theme"]],
    ]);
  });

  it("leaves out the groups with no match", () => {
    expect(matchingCommandGroups(commands, "create").map((entry) => entry.group)).toEqual([
      "Task",
      "Project",
    ]);
    expect(matchingCommandGroups(commands, "nothing like it")).toEqual([]);
  });
});
