// The theme's colours as the page shows them now: each CSS variable resolved by the browser (a
// probe element under <html>, so the dark theme's class applies), then painted on a pixel over the
// card and read back as sRGB, since a variable may hold oklch() or a see-through colour that other
// viewers of the picture cannot read or would show over another ground.
import type { DisplayStatus } from "@core/tasks/status";
import { type BarTints, type ExportPalette, LIGHT_PALETTE, type StatusTone } from "./export-palette";

type PlainColor = Exclude<keyof ExportPalette, "status" | "barTints">;

/** The token (client/index.css) behind each of the palette's colours. */
export const COLOR_VARIABLES: Record<PlainColor, string> = {
  background: "--background",
  card: "--card",
  foreground: "--foreground",
  muted: "--muted",
  mutedForeground: "--muted-foreground",
  border: "--border",
  primary: "--primary",
  destructive: "--destructive",
  graphEdge: "--graph-edge",
  graphFrameBorder: "--graph-frame-border",
};

/** A card's status header, as task-node.tsx colours it: the tint and the words on it. */
export const STATUS_VARIABLES: Record<DisplayStatus, Record<keyof StatusTone, string>> = {
  todo: { fill: "--muted", text: "--muted-foreground" },
  "in-progress": { fill: "--info-tint", text: "--info-tint-foreground" },
  waiting: { fill: "--warning-tint", text: "--warning-tint-foreground" },
  blocked: { fill: "--danger-tint", text: "--danger-tint-foreground" },
  completed: { fill: "--success-tint", text: "--success-tint-foreground" },
};

/** The shares of a Gantt bar's colour (gantt-bar.tsx), percentages in the theme. */
export const TINT_VARIABLES: Record<keyof BarTints, string> = {
  category: "--bar-tint",
  categoryProgress: "--bar-progress-tint",
  plain: "--bar-plain-tint",
  plainProgress: "--bar-plain-progress-tint",
  late: "--bar-late-tint",
  lateProgress: "--bar-late-progress-tint",
};

/** The palette of the theme shown; the light one's value for any variable that cannot be read. */
export function readPalette(): ExportPalette {
  if (typeof document === "undefined") return LIGHT_PALETTE;
  const probe = document.createElement("span");
  probe.style.display = "none";
  document.body.append(probe);
  const canvas = document.createElement("canvas");
  canvas.width = 1;
  canvas.height = 1;
  const context = canvas.getContext("2d", { willReadFrequently: true });
  const resolve = (variable: string, fallback: string, ground: string) => {
    probe.style.color = "";
    probe.style.color = `var(${variable})`;
    const computed = getComputedStyle(probe).color;
    return (context && computed ? toHex(context, computed, ground) : null) ?? fallback;
  };
  try {
    // The card first: every other colour is seen over it.
    const card = resolve(COLOR_VARIABLES.card, LIGHT_PALETTE.card, "#ffffff");
    const colors = { ...LIGHT_PALETTE, card };
    for (const key of Object.keys(COLOR_VARIABLES) as PlainColor[]) {
      if (key !== "card") colors[key] = resolve(COLOR_VARIABLES[key], LIGHT_PALETTE[key], card);
    }
    const status = {} as Record<DisplayStatus, StatusTone>;
    for (const key of Object.keys(STATUS_VARIABLES) as DisplayStatus[]) {
      const light = LIGHT_PALETTE.status[key];
      status[key] = {
        fill: resolve(STATUS_VARIABLES[key].fill, light.fill, card),
        text: resolve(STATUS_VARIABLES[key].text, light.text, card),
      };
    }
    return { ...colors, status, barTints: readTints() };
  } finally {
    probe.remove();
  }
}

/** The bar tints of the theme shown, read off <html> where the theme's class is. */
function readTints(): BarTints {
  const style = getComputedStyle(document.documentElement);
  const tints = { ...LIGHT_PALETTE.barTints };
  for (const key of Object.keys(TINT_VARIABLES) as (keyof BarTints)[]) {
    const share = percentShare(style.getPropertyValue(TINT_VARIABLES[key]));
    if (share !== null) tints[key] = share;
  }
  return tints;
}

/**
 * "30%" as 0.3; null when it is not a percentage from 0 to 100.
 * @example percentShare(" 22% ") // 0.22
 */
export function percentShare(value: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)%\s*$/.exec(value);
  if (!match) return null;
  const percent = Number(match[1]);
  return percent <= 100 ? percent / 100 : null;
}

const SENTINEL = "#010203";

/** `color` painted over `ground` on the probe pixel, as "#rrggbb"; null when the canvas cannot read it. */
function toHex(context: CanvasRenderingContext2D, color: string, ground: string): string | null {
  context.fillStyle = SENTINEL;
  context.fillStyle = color;
  // The canvas kept the sentinel: it could not read the colour.
  if (context.fillStyle === SENTINEL && color.toLowerCase() !== SENTINEL) return null;
  context.clearRect(0, 0, 1, 1);
  context.fillStyle = ground;
  context.fillRect(0, 0, 1, 1);
  context.fillStyle = color;
  context.fillRect(0, 0, 1, 1);
  const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
  if (a === 0) return null;
  return `#${[r, g, b].map((value) => value.toString(16).padStart(2, "0")).join("")}`;
}
