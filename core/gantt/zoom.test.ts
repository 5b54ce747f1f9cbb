import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chosenZoom, clampZoom, GANTT_SCALES, GANTT_ZOOM, parseStoredZoom, scaleForZoom } from "./zoom";

const sliderValues = Array.from({ length: 19 }, (_, index) => 10 + index * 5);

describe("scaleForZoom", () => {
  it("maps every slider value to the scale whose threshold it has reached", () => {
    const names = Object.fromEntries(sliderValues.map((value) => [value, scaleForZoom(value).name]));
    for (const value of [10, 15, 20, 25]) expect(names[value]).toBe("years");
    for (const value of [30, 35, 40, 45, 50, 55]) expect(names[value]).toBe("months");
    for (const value of [60, 65, 70, 75, 80, 85, 90, 95]) expect(names[value]).toBe("weeks");
    expect(names[100]).toBe("days");
  });

  it("opens on months at the default zoom", () => {
    expect(GANTT_ZOOM.default).toBe(30);
    expect(scaleForZoom(GANTT_ZOOM.default)).toMatchObject({ name: "months", label: "Months" });
  });

  it("carries the product's column widths and windows", () => {
    expect(
      GANTT_SCALES.map(({ label, columnWidth, back, forward }) => [label, columnWidth, back, forward]),
    ).toEqual([
      ["Years", 80, 2, 6],
      ["Months", 120, 3, 9],
      ["Weeks", 100, 4, 12],
      ["Days", 40, 7, 21],
    ]);
  });

  it("never gets finer as the zoom goes down", () => {
    const rank = (value: number) => GANTT_SCALES.indexOf(scaleForZoom(value));
    fc.assert(
      fc.property(
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.double({ min: 0, max: 1e3, noNaN: true }),
        (a, d) => {
          expect(rank(a + d)).toBeGreaterThanOrEqual(rank(a));
        },
      ),
    );
  });
});

describe("clampZoom", () => {
  it("clamps to 10..100 and snaps to steps of 5", () => {
    expect(clampZoom(0)).toBe(10);
    expect(clampZoom(57)).toBe(55);
    expect(clampZoom(58)).toBe(60);
    expect(clampZoom(1000)).toBe(100);
    expect(clampZoom(Number.NaN)).toBe(30);
  });

  it("always answers a slider value", () => {
    fc.assert(
      fc.property(fc.double(), (value) => {
        const zoom = clampZoom(value);
        expect(sliderValues).toContain(zoom);
      }),
    );
  });
});

describe("parseStoredZoom", () => {
  it("accepts stored values from 10 to 100", () => {
    expect(parseStoredZoom("10")).toBe(10);
    expect(parseStoredZoom("60")).toBe(60);
    expect(parseStoredZoom("100")).toBe(100);
    expect(parseStoredZoom(" 45 ")).toBe(45);
    expect(parseStoredZoom("62")).toBe(60);
  });

  it("falls back to 30 for anything else", () => {
    for (const stored of [
      null,
      undefined,
      "",
      "5",
      "9.99",
      "100.5",
      "105",
      "-30",
      "abc",
      "NaN",
      "Infinity",
      "[]",
    ]) {
      expect(parseStoredZoom(stored)).toBe(30);
    }
  });

  it("reads back every value the slider can store", () => {
    for (const value of sliderValues) expect(parseStoredZoom(String(value))).toBe(value);
  });
});

describe("chosenZoom", () => {
  it("answers a stored choice from 10 to 100 on a step of 5, and null for no choice", () => {
    expect(chosenZoom("60")).toBe(60);
    expect(chosenZoom(" 57 ")).toBe(55);
    for (const stored of [null, undefined, "", "5", "500", "wide"]) expect(chosenZoom(stored)).toBeNull();
  });
});
