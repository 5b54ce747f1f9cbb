import { describe, expect, it } from "vitest";
import { DEMO_ZOOMS, pickDemoZoom } from "./demo-zoom";

describe("pickDemoZoom", () => {
  it("zooms out on phones, under 768 px", () => {
    for (const width of [0, 320, 375, 767]) expect(pickDemoZoom(width)).toBe(DEMO_ZOOMS.mobile);
  });

  it("uses the tablet zoom from 768 px up to 1023 px", () => {
    for (const width of [768, 900, 1023]) expect(pickDemoZoom(width)).toBe(DEMO_ZOOMS.tablet);
  });

  it("draws at full size from 1024 px", () => {
    for (const width of [1024, 1440, 2560]) expect(pickDemoZoom(width)).toBe(DEMO_ZOOMS.desktop);
  });

  it("zooms out further the smaller the screen, never past full size", () => {
    expect(DEMO_ZOOMS.desktop.scale).toBe(1);
    expect(DEMO_ZOOMS.tablet.scale).toBeLessThan(DEMO_ZOOMS.desktop.scale);
    expect(DEMO_ZOOMS.mobile.scale).toBeLessThan(DEMO_ZOOMS.tablet.scale);
  });

  it("turns the drawing on its side only on phones", () => {
    expect(DEMO_ZOOMS.mobile.orientation).toBe("vertical");
    expect(DEMO_ZOOMS.tablet.orientation).toBe("horizontal");
    expect(DEMO_ZOOMS.desktop.orientation).toBe("horizontal");
  });
});
