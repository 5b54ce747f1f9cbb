import { PRESET_CATEGORY_COLORS } from "@core/schemas/projects";

/**
 * The colour a new category starts with: the first preset no category of the project uses yet,
 * or the first preset once all ten are taken.
 *
 * @example nextPresetColor([{ color: "#ff5733" }]) // "#33FF57"
 */
export function nextPresetColor(categories: readonly { color: string }[]): string {
  const used = new Set(categories.map((category) => category.color.toUpperCase()));
  return PRESET_CATEGORY_COLORS.find((color) => !used.has(color)) ?? PRESET_CATEGORY_COLORS[0];
}

/** Whether two hex colours are the same, whatever their letter case. */
export function sameColor(a: string, b: string): boolean {
  return a.trim().toUpperCase() === b.trim().toUpperCase();
}
