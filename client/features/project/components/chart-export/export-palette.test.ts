// The light palette pictures fall back to and pages print in is the light theme of index.css.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LIGHT_PALETTE } from "./export-palette";
import { COLOR_VARIABLES, percentShare, STATUS_VARIABLES, TINT_VARIABLES } from "./read-palette";

const css = readFileSync(new URL("../../../../index.css", import.meta.url), "utf8");
const lightTheme = css.slice(css.indexOf(":root {"), css.indexOf("}", css.indexOf(":root {")));

/** A token of the light theme as written: "oklch(0.5 0.1 250)" or "30%". */
function token(variable: string): string {
  const match = new RegExp(`${variable}:\\s*([^;]+);`).exec(lightTheme);
  if (!match) throw new Error(`${variable} is not in the light theme`);
  return match[1].trim();
}

/** An opaque oklch() colour in sRGB channels, 0 to 255 (CSS Color 4's conversion). */
function oklchChannels(color: string): number[] {
  const match = /^oklch\(([\d.]+) ([\d.]+) ([\d.]+)\)$/.exec(color);
  if (!match) throw new Error(`not an opaque oklch() colour: ${color}`);
  const [lightness, chroma, hue] = match.slice(1).map(Number);
  const a = chroma * Math.cos((hue * Math.PI) / 180);
  const b = chroma * Math.sin((hue * Math.PI) / 180);
  const l = (lightness + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (lightness - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (lightness - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const linear = [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
  return linear.map((channel) => {
    const x = Math.max(0, Math.min(1, channel));
    return Math.round((x <= 0.0031308 ? 12.92 * x : 1.055 * x ** (1 / 2.4) - 0.055) * 255);
  });
}

const hexChannels = (hex: string) => [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));

/** Within one step a channel: browsers round oklch() to sRGB a little differently. */
function expectSameColor(hex: string, variable: string) {
  const expected = oklchChannels(token(variable));
  hexChannels(hex).forEach((channel, at) => {
    expect(Math.abs(channel - expected[at]), `${variable}: ${hex}`).toBeLessThanOrEqual(1);
  });
}

describe("LIGHT_PALETTE", () => {
  it("holds the light theme's colours", () => {
    for (const [key, variable] of Object.entries(COLOR_VARIABLES)) {
      expectSameColor(LIGHT_PALETTE[key as keyof typeof COLOR_VARIABLES], variable);
    }
    for (const [status, tone] of Object.entries(STATUS_VARIABLES)) {
      const light = LIGHT_PALETTE.status[status as keyof typeof STATUS_VARIABLES];
      expectSameColor(light.fill, tone.fill);
      expectSameColor(light.text, tone.text);
    }
  });

  it("holds the light theme's bar tints", () => {
    for (const [key, variable] of Object.entries(TINT_VARIABLES)) {
      expect(LIGHT_PALETTE.barTints[key as keyof typeof TINT_VARIABLES], variable).toBe(
        percentShare(token(variable)),
      );
    }
  });
});

describe("percentShare", () => {
  it("reads a percentage as a share", () => {
    expect(percentShare("30%")).toBe(0.3);
    expect(percentShare(" 22.5% ")).toBe(0.225);
  });

  it("answers null for anything else", () => {
    for (const value of ["", "30", "0.3", "150%", "-5%", "calc(10% + 2%)"]) {
      expect(percentShare(value), value).toBeNull();
    }
  });
});
