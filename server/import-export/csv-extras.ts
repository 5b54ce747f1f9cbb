// Columns read when their headers are found, beyond those the column mapping offers: Plane's and
// Linear's "Relations" (JSON: blocked_by and blocking), "Parent" (the parent issue's id: the row
// goes under it in the outline) and "Completed At" (when a done task was done), which our export
// does not write; and the outline's "WBS" ("1.2.3") and "Outline Level" (1 at the top), which it
// writes last, as MS Project names them (csv-outline.ts reads them and the Parent column); and MS
// Project's "Constraint Type", "Constraint Date" and "Deadline" (csv-constraints.ts), which it
// writes after them, then MS Project's "% Complete", "Actual Start" and "Actual Finish"
// (csv-tracking.ts). A file with no Finish column has its Deadline read as the finish (a task
// list's due date), as before.
import { IMPORT_DEPENDENCIES_MAX } from "@core/schemas/import-export";
import { type ImportedDependency, tooMany } from "./imported-plan";

export type ExtraColumn =
  | "parent"
  | "completedAt"
  | "relations"
  | "outlineLevel"
  | "wbs"
  | "constraintType"
  | "constraintDate"
  | "deadline"
  | "percentComplete"
  | "actualStart"
  | "actualFinish";

export const EXTRA_GUESSES: Record<ExtraColumn, readonly string[]> = {
  parent: ["Parent", "Parent ID", "Parent Issue", "Parent Key", "parentId"],
  completedAt: ["Completed At", "Completed Date", "Completion Date", "Done At", "Completed On"],
  relations: ["Relations"],
  outlineLevel: ["Outline Level"],
  wbs: ["WBS", "Outline Number", "WBS Code"],
  constraintType: ["Constraint Type", "Constraint"],
  constraintDate: ["Constraint Date"],
  deadline: ["Deadline"],
  percentComplete: ["% Complete", "Percent Complete", "% Done", "Percent Done"],
  actualStart: ["Actual Start"],
  actualFinish: ["Actual Finish"],
};

/** A task's links as another tool names them: the ids it waits for and the ids that wait for it. */
export type NamedLinks = { key: string; waitsFor: string[]; blocks: string[] };

/**
 * The ids a Relations cell names, null when it is not the JSON list Plane writes.
 * @example relationsOf('[{"type": "blocked_by", "issue": "TEST-2"}]') // { waitsFor: ["TEST-2"], blocks: [] }
 */
export function relationsOf(cell: string): { waitsFor: string[]; blocks: string[] } | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(cell);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed)) return null;
  const links = { waitsFor: [] as string[], blocks: [] as string[] };
  for (const item of parsed) {
    if (typeof item !== "object" || item === null) continue;
    const { type, issue } = item as { type?: unknown; issue?: unknown };
    if (typeof issue !== "string" || typeof type !== "string") continue;
    const kind = type.toLowerCase().replace(/[\s-]+/g, "_");
    if (kind === "blocked_by" || kind === "is_blocked_by") links.waitsFor.push(issue.trim());
    else if (kind === "blocking" || kind === "blocks") links.blocks.push(issue.trim());
  }
  return links;
}

/**
 * The links of Relations cells, added to `links` (the predecessors'): each a finish-to-start link,
 * none twice, none of a task to itself. Answers the ids named that no row holds. A sub-issue's
 * Parent is not a link but its place in the outline (csv-outline.ts).
 */
export function addNamedLinks(
  links: ImportedDependency[],
  named: readonly NamedLinks[],
  keyOfId: ReadonlyMap<string, string>,
): { unknown: string[] } {
  const unknown: string[] = [];
  const seen = new Set(links.map((link) => `${link.sourceKey}>${link.targetKey}`));
  const add = (sourceKey: string, targetKey: string) => {
    const pair = `${sourceKey}>${targetKey}`;
    if (sourceKey === targetKey || seen.has(pair)) return;
    if (links.length >= IMPORT_DEPENDENCIES_MAX) throw tooMany("dependencies");
    seen.add(pair);
    links.push({ sourceKey, targetKey, type: "FS", lag: 0 });
  };
  const keyOf = (id: string) => {
    const key = keyOfId.get(id);
    if (key === undefined) unknown.push(id);
    return key;
  };
  for (const { key, waitsFor, blocks } of named) {
    for (const id of waitsFor) {
      const source = keyOf(id);
      if (source !== undefined) add(source, key);
    }
    for (const id of blocks) {
      const target = keyOf(id);
      if (target !== undefined) add(key, target);
    }
  }
  return { unknown };
}
