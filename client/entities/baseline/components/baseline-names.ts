// The name a new baseline is offered: MS Project's own names, Baseline then Baseline 1..10.

/**
 * The first of "Baseline", "Baseline 1", "Baseline 2", ... that no saved baseline is called.
 * @example nextBaselineName(["Baseline"]) // "Baseline 1"
 */
export function nextBaselineName(taken: readonly string[]): string {
  const names = new Set(taken.map((name) => name.trim()));
  if (!names.has("Baseline")) return "Baseline";
  for (let number = 1; ; number++) {
    const name = `Baseline ${number}`;
    if (!names.has(name)) return name;
  }
}
