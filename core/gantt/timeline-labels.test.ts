import { describe, expect, it } from "vitest";
import { columnLabel, columnTitle, groupLabel } from "./timeline-labels";

// Wednesday, May 13, 2026.
const day = new Date(2026, 4, 13);

describe("timeline labels", () => {
  it("names a column by its scale", () => {
    expect(columnLabel(day, "years")).toBe("2026");
    expect(columnLabel(day, "months")).toBe("May");
    expect(columnLabel(day, "weeks")).toBe("May 13");
    expect(columnLabel(day, "days")).toBe("W 13");
  });

  it("names the tier above: the year over months, the month over weeks and days", () => {
    expect(groupLabel(day, "months")).toBe("2026");
    expect(groupLabel(day, "weeks")).toBe("May 2026");
    expect(groupLabel(day, "days")).toBe("May 2026");
  });

  it("gives each column a full name for its tooltip", () => {
    expect(columnTitle(day, "years")).toBe("2026");
    expect(columnTitle(day, "months")).toBe("May 2026");
    expect(columnTitle(day, "weeks")).toBe("Week of May 13, 2026");
    expect(columnTitle(day, "days")).toBe("Wednesday, May 13, 2026");
  });
});
