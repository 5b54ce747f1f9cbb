// Columns read when their headers are found, beyond those the column mapping offers: Plane's and
// Linear's "Relations" (JSON: blocked_by and blocking), "Parent" (a sub-issue comes before its
// parent) and "Completed At" (when a done task was done), which our export does not write; and the
// outline's "WBS" ("1.2.3") and "Outline Level" (1 at the top), which it writes last, as MS Project
// names them (csv-outline.ts reads them).
import { IMPORT_DEPENDENCIES_MAX } from "@core/schemas/import-export";
import { type ImportedDependency, tooMany } from "./imported-plan";

export type ExtraColumn = "parent" | "completedAt" | "relations" | "outlineLevel" | "wbs";

export const EXTRA_GUESSES: Record<ExtraColumn, readonly string[]> = {
  parent: ["Parent", "Parent ID", "Parent Issue", "Parent Key", "parentId"],
  completedAt: ["Completed At", "Completed Date", "Completion Date", "Done At", "Completed On"],
  relations: ["Relations"],
  outlineLevel: ["Outline Level"],
  wbs: ["WBS", "Outline Number", "WBS Code"],
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

/** How far the cycle check of one parent link may look before it gives the link up. */
const REACH_BUDGET = 10_000;

/**
 * The links of Relations cells and of Parent cells, added to `links` (the predecessors'): each a
 * finish-to-start link, none twice, none of a task to itself. A sub-issue comes before its parent,
 * unless that would close a cycle with the links already read (a sub-issue its parent waits for
 * and that waits for its parent): such a parent link is left out and counted in `skipped`.
 */
export function addNamedLinks(
  links: ImportedDependency[],
  named: readonly NamedLinks[],
  parents: readonly { key: string; parentId: string }[],
  keyOfId: ReadonlyMap<string, string>,
): { unknown: string[]; skipped: number } {
  const unknown: string[] = [];
  const seen = new Set(links.map((link) => `${link.sourceKey}>${link.targetKey}`));
  const after = new Map<string, string[]>();
  for (const link of links) after.set(link.sourceKey, [...(after.get(link.sourceKey) ?? []), link.targetKey]);
  const add = (sourceKey: string, targetKey: string) => {
    const pair = `${sourceKey}>${targetKey}`;
    if (sourceKey === targetKey || seen.has(pair)) return;
    if (links.length >= IMPORT_DEPENDENCIES_MAX) throw tooMany("dependencies");
    seen.add(pair);
    links.push({ sourceKey, targetKey, type: "FS", lag: 0 });
    after.set(sourceKey, [...(after.get(sourceKey) ?? []), targetKey]);
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
  let skipped = 0;
  for (const { key, parentId } of parents) {
    const parent = keyOf(parentId);
    if (parent === undefined || parent === key) continue;
    if (reaches(after, parent, key)) skipped++;
    else add(key, parent);
  }
  return { unknown, skipped };
}

/** Whether `to` can be reached from `from` (true too when the search runs out of budget). */
function reaches(after: ReadonlyMap<string, readonly string[]>, from: string, to: string): boolean {
  const stack = [from];
  const visited = new Set<string>();
  while (stack.length > 0) {
    const current = stack.pop() as string;
    if (current === to) return true;
    if (visited.has(current)) continue;
    visited.add(current);
    if (visited.size > REACH_BUDGET) return true;
    for (const next of after.get(current) ?? []) stack.push(next);
  }
  return false;
}
