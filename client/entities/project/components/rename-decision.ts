import { projectNameSchema } from "@core/schemas/projects";

export type RenameDecision =
  | { kind: "close" }
  | { kind: "invalid"; message: string }
  | { kind: "save"; name: string };

/**
 * What submitting the rename dialog does: an empty or unchanged name (after trimming) closes the
 * dialog with no call; a name the schema refuses shows its message; anything else is saved,
 * trimmed.
 *
 * @example decideRename("Launch", "  Launch ") // { kind: "close" }
 * @example decideRename("Launch", " Relaunch ") // { kind: "save", name: "Relaunch" }
 */
export function decideRename(currentName: string, input: string): RenameDecision {
  const name = input.trim();
  if (name === "" || name === currentName.trim()) return { kind: "close" };
  const parsed = projectNameSchema.safeParse(name);
  if (!parsed.success) {
    return { kind: "invalid", message: parsed.error.issues[0]?.message ?? "Project name is required" };
  }
  return { kind: "save", name: parsed.data };
}
