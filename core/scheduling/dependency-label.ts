// How a dependency is named where it is drawn: nothing for the plain finish-to-start, else its type
// and lag ("SS +2d", "FS -1d", "FF").
import type { DependencyType } from "./engine";

/**
 * The label of a dependency, or null for FS with no lag.
 * @example dependencyLabel({ type: "SS", lag: 2 }) // "SS +2d"
 * @example dependencyLabel({ type: "FS", lag: 0 }) // null
 */
export function dependencyLabel(dependency: { type?: DependencyType; lag?: number }): string | null {
  const type = dependency.type ?? "FS";
  const lag = dependency.lag ?? 0;
  if (type === "FS" && lag === 0) return null;
  if (lag === 0) return type;
  return `${type} ${lag > 0 ? "+" : "-"}${Math.abs(lag)}d`;
}

export const DEPENDENCY_TYPE_NAMES: Record<DependencyType, string> = {
  FS: "Finish to start",
  SS: "Start to start",
  FF: "Finish to finish",
  SF: "Start to finish",
};
