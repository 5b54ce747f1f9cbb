// Which of the app's commands the palette lists for a text, and under which heading: a command
// matches when every word typed is found in its label, its keywords or its group's name. The
// server's results are listed as the server ranked them; only the commands are matched here.
import { type AppCommand, COMMAND_GROUPS, type CommandGroup } from "@/lib/commands/command-registry";

/** The words of a text, lower-cased: what a command must hold to match. */
function wordsOf(text: string): string[] {
  return text.toLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * Whether a command matches `text` (an empty text matches every command).
 *
 * @example commandMatches({ label: "Switch to dark theme", group: "Preferences", keywords: ["appearance"] }, "dark them") // true
 * @example commandMatches({ label: "Go to My Tasks", group: "Go to" }, "projects") // false
 */
export function commandMatches(
  command: Pick<AppCommand, "label" | "group" | "keywords">,
  text: string,
): boolean {
  const haystack = [command.label, command.group, ...(command.keywords ?? [])].join(" ").toLowerCase();
  return wordsOf(text).every((word) => haystack.includes(word));
}

/**
 * The commands matching `text`, by group in COMMAND_GROUPS' order, each group in the order its
 * commands were registered; groups with none left out.
 */
export function matchingCommandGroups(
  commands: readonly AppCommand[],
  text: string,
): { group: CommandGroup; commands: AppCommand[] }[] {
  const matching = commands.filter((command) => commandMatches(command, text));
  return COMMAND_GROUPS.map((group) => ({
    group,
    commands: matching.filter((command) => command.group === group),
  })).filter((entry) => entry.commands.length > 0);
}
