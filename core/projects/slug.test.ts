import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { slugify } from "./slug";

describe("slugify", () => {
  it("keeps letters and digits and joins the rest with single dashes", () => {
    expect(slugify("Café Launch: Q3 / 2026")).toBe("cafe-launch-q3-2026");
    expect(slugify("  Website   redesign  ")).toBe("website-redesign");
  });

  it("falls back to 'project' when nothing readable is left", () => {
    expect(slugify("!!!")).toBe("project");
    expect(slugify("日本語")).toBe("project");
    expect(slugify("")).toBe("project");
  });

  it("always gives a short, URL-safe slug without dashes at the ends", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (name) => {
        const slug = slugify(name);
        expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
        expect(slug.length).toBeLessThanOrEqual(48);
      }),
    );
  });
});
