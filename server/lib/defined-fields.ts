/**
 * The fields of a partial write that were sent (not undefined): what a `set` should change.
 * @example definedOf({ type: "SS", lag: undefined }) // { type: "SS" }
 */
export const definedOf = <T extends Record<string, unknown>>(changes: T) =>
  Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<T>;
