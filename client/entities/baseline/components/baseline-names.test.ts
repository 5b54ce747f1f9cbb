import { describe, expect, it } from "vitest";
import { nextBaselineName } from "./baseline-names";

describe("nextBaselineName", () => {
  it("offers Baseline first, then Baseline 1, 2, ... skipping the names taken", () => {
    expect(nextBaselineName([])).toBe("Baseline");
    expect(nextBaselineName(["Agreed"])).toBe("Baseline");
    expect(nextBaselineName(["Baseline"])).toBe("Baseline 1");
    expect(nextBaselineName(["Baseline", "Baseline 1", "Baseline 3"])).toBe("Baseline 2");
  });
});
