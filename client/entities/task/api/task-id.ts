/**
 * A task id as the API takes it. A task write needs a numeric id and otherwise
 * fails with 'Invalid task ID: {id}' before any call is made.
 *
 * @example parseTaskId("12") // 12
 * @example parseTaskId("new-node") // throws Error("Invalid task ID: new-node")
 */
export function parseTaskId(id: number | string): number {
  const value = typeof id === "number" ? id : /^\s*\d+\s*$/.test(id) ? Number(id) : Number.NaN;
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`Invalid task ID: ${id}`);
  return value;
}
