// The colours a picture is drawn in. The screen draws with the theme's CSS variables (light, or dark
// on <html class="dark">); a picture must carry plain colours, which any viewer reads, so the
// variables are resolved when the picture is made (read-palette.ts) and the builders mix them here.

/** The theme's colours, each "#rrggbb". */
export type ExportPalette = {
  /** The chart's ground: the card the views draw on. */
  card: string;
  foreground: string;
  muted: string;
  mutedForeground: string;
  border: string;
  primary: string;
  primaryForeground: string;
  destructive: string;
};

/** The light theme's colours (client/index.css), for when nothing can be read (tests, old browsers). */
export const LIGHT_PALETTE: ExportPalette = {
  card: "#ffffff",
  foreground: "#0f172b",
  muted: "#f1f5f9",
  mutedForeground: "#5b6b82",
  border: "#e2e8f0",
  primary: "#4f39f6",
  primaryForeground: "#f8fafc",
  destructive: "#e7000b",
};

/** Colours that are the same in both themes, as the views draw them. */
export const FIXED_COLORS = {
  /** The graph's arrows (slate-400). */
  graphEdge: "#94a3b8",
} as const;

/** The graph's status hues, mixed into the card colour for each card's header. */
export const STATUS_HUES = {
  todo: "#64748b",
  "in-progress": "#3b82f6",
  waiting: "#f59e0b",
  blocked: "#ef4444",
  completed: "#10b981",
} as const;

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
 * Whether a colour is dark (its luminance under a half): the picture of a dark theme.
 * @example isDark("#0f172b") // true
 */
export function isDark(color: string): boolean {
  const [r, g, b] = channels(color);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 128;
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
