const collator = new Intl.Collator(undefined, { sensitivity: "base", numeric: true });

/**
 * A copy sorted by name the way a person reads a list: case-insensitive, "Project 2" before
 * "Project 10", ties kept in their original order. The server sorts too; this keeps the order right
 * while a renamed project waits for its list to refresh.
 *
 * @example sortByName([{ name: "beta" }, { name: "Alpha" }]) // [{ name: "Alpha" }, { name: "beta" }]
 */
export function sortByName<T extends { name: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => collator.compare(a.name, b.name));
}
