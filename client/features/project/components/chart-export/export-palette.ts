// The colours a picture is drawn in. The screen draws with the theme's CSS variables (light, or dark
// on <html class="dark">); a picture must carry plain colours, which any viewer reads, so the
// variables are resolved when the picture is made (read-palette.ts) and the builders mix them here.

import type { DisplayStatus } from "@core/tasks/status";

/** A card's status header: its ground and its words (the graph's task-node.tsx). */
export type StatusTone = { fill: string; text: string };

/** The theme's colours, each "#rrggbb", and the shares the Gantt's bars take of their colour. */
export type ExportPalette = {
  /** The page's ground: the Gantt's bars are their colour mixed into it. */
  background: string;
  /** The chart's ground: the card the views draw on. */
  card: string;
  foreground: string;
  muted: string;
  mutedForeground: string;
  border: string;
  primary: string;
  destructive: string;
  /** The graph's arrows. */
  graphEdge: string;
  /** The graph's frame around a summary's cards. */
  graphFrameBorder: string;
  status: Record<DisplayStatus, StatusTone>;
  /** How much of its colour a Gantt bar and its part done take over the background, 0 to 1. */
  barTints: BarTints;
};

export type BarTints = {
  /** A bar in its category's colour. */
  category: number;
  categoryProgress: number;
  /** A bar without a category: the primary. */
  plain: number;
  plainProgress: number;
  /** A late bar: the destructive. */
  late: number;
  lateProgress: number;
};

/**
 * The light theme (client/index.css, each oklch() token in sRGB), for printing (paper is white) and
 * for when nothing can be read (tests, old browsers). export-palette.test.ts holds it to index.css.
 */
export const LIGHT_PALETTE: ExportPalette = {
  background: "#ffffff",
  card: "#ffffff",
  foreground: "#0f172b",
  muted: "#f1f5f9",
  mutedForeground: "#566781",
  border: "#e2e8f0",
  primary: "#4f39f6",
  destructive: "#e7000b",
  graphEdge: "#90a1b9",
  graphFrameBorder: "#cad5e2",
  status: {
    todo: { fill: "#f1f5f9", text: "#566781" },
    "in-progress": { fill: "#eff6ff", text: "#193cb8" },
    waiting: { fill: "#fffbeb", text: "#7b3306" },
    blocked: { fill: "#fef2f2", text: "#9f0712" },
    completed: { fill: "#ecfdf5", text: "#006045" },
  },
  barTints: {
    category: 0.3,
    categoryProgress: 0.62,
    plain: 0.16,
    plainProgress: 0.42,
    late: 0.22,
    lateProgress: 0.45,
  },
};

const HEX = /^#([0-9a-f]{6})$/i;

function channels(color: string): [number, number, number] {
  const match = HEX.exec(color) ?? HEX.exec(expandShortHex(color));
  if (!match) return [128, 128, 128];
  const value = Number.parseInt(match[1], 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

const expandShortHex = (color: string) =>
  /^#[0-9a-f]{3}$/i.test(color) ? `#${[...color.slice(1)].map((digit) => digit + digit).join("")}` : color;

const hex = (value: number) =>
  Math.max(0, Math.min(255, Math.round(value)))
    .toString(16)
    .padStart(2, "0");

/**
 * `share` of `color` mixed into `base`, in sRGB, as CSS color-mix(in srgb, color share%, base) does.
 * Unreadable colours count as mid grey.
 * @example mix("#ff0000", 0.3, "#ffffff") // "#ffb3b3"
 */
export function mix(color: string, share: number, base: string): string {
  const [r1, g1, b1] = channels(color);
  const [r2, g2, b2] = channels(base);
  const t = Math.max(0, Math.min(1, share));
  return `#${hex(r1 * t + r2 * (1 - t))}${hex(g1 * t + g2 * (1 - t))}${hex(b1 * t + b2 * (1 - t))}`;
}

/**
 * A category colour as stored ("#3357FF", "#abc"), or null when it is not a hex colour the
 * picture can mix (it would be written into the SVG otherwise).
 * @example safeColor("#3357FF") // "#3357ff"
 * @example safeColor("red;}") // null
 */
export function safeColor(color: string | null | undefined): string | null {
  if (!color) return null;
  const full = expandShortHex(color.trim());
  return HEX.test(full) ? full.toLowerCase() : null;
}
