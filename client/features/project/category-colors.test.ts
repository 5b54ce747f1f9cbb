import { categorySchema, PRESET_CATEGORY_COLORS } from "@core/schemas/projects";
import { describe, expect, it } from "vitest";
import { nextPresetColor, sameColor } from "./category-colors";

describe("nextPresetColor", () => {
  it("starts with the first preset", () => {
    expect(nextPresetColor([])).toBe("#FF5733");
  });

  it("skips presets already used, whatever their case", () => {
    expect(nextPresetColor([{ color: "#ff5733" }, { color: "#3357FF" }])).toBe("#33FF57");
  });

  it("goes back to the first preset once all are taken", () => {
    expect(nextPresetColor(PRESET_CATEGORY_COLORS.map((color) => ({ color })))).toBe("#FF5733");
  });

  it("offers only colours the category schema accepts", () => {
    for (const color of PRESET_CATEGORY_COLORS) {
      expect(categorySchema.safeParse({ name: "Design", color }).success).toBe(true);
    }
  });
});

describe("sameColor", () => {
  it("ignores case and spaces", () => {
    expect(sameColor("#ff5733", " #FF5733")).toBe(true);
    expect(sameColor("#ff5733", "#ff5734")).toBe(false);
  });
});

describe("category form messages", () => {
  const firstMessage = (input: unknown) => {
    const result = categorySchema.safeParse(input);
    return result.success ? null : result.error.issues[0]?.message;
  };

  it("uses the spec's words", () => {
    expect(firstMessage({ name: "  ", color: "#FF5733" })).toBe("Category name is required");
    expect(firstMessage({ name: "x".repeat(51), color: "#FF5733" })).toBe(
      "Category name must be 50 characters or less",
    );
    expect(firstMessage({ name: "Design", color: "FF5733" })).toBe("Please enter a valid hex color code");
    expect(firstMessage({ name: "Design", color: "#FF573" })).toBe("Please enter a valid hex color code");
    expect(firstMessage({ name: "x".repeat(50), color: "#abcdef" })).toBeNull();
  });
});
