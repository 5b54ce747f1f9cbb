// The keys that move between a view's rows (the list's and the Gantt's task column), as the list
// has always moved: Up and Down to the next row, Home and End to the first and the last.

/** Up, Down, Home and End. */
export const ROW_KEYS: ReadonlySet<string> = new Set(["ArrowDown", "ArrowUp", "Home", "End"]);

/**
 * The row a row key goes to from the row at `at`; undefined past either end, or for another key.
 * @example rowAfterKey(["Pack", "Move", "Unpack"], 0, "End") // "Unpack"
 */
export function rowAfterKey<Row>(rows: readonly Row[], at: number, key: string): Row | undefined {
  switch (key) {
    case "ArrowDown":
      return rows[at + 1];
    case "ArrowUp":
      return rows[at - 1];
    case "Home":
      return rows[0];
    case "End":
      return rows[rows.length - 1];
    default:
      return undefined;
  }
}
