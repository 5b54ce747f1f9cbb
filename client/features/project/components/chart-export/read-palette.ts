// The theme's colours as the page shows them now: each CSS variable resolved by the browser (a
// probe element under <html>, so the dark theme's class applies), then painted on a pixel and read
// back as sRGB, since a variable may hold oklch() that other viewers of the picture cannot read.
import { type ExportPalette, LIGHT_PALETTE } from "./export-palette";

const VARIABLES: Record<keyof ExportPalette, string> = {
  card: "--card",
  foreground: "--foreground",
  muted: "--muted",
  mutedForeground: "--muted-foreground",
  border: "--border",
  primary: "--primary",
  primaryForeground: "--primary-foreground",
  destructive: "--destructive",
};

/** The palette of the theme shown; the light one's colour for any variable that cannot be read. */
export function readPalette(): ExportPalette {
  if (typeof document === "undefined") return LIGHT_PALETTE;
  const probe = document.createElement("span");
  probe.style.display = "none";
  document.body.append(probe);
  const canvas = document.createElement("canvas");
  canvas.width = 1;
  canvas.height = 1;
  const context = canvas.getContext("2d", { willReadFrequently: true });
  const palette = { ...LIGHT_PALETTE };
  try {
    for (const key of Object.keys(VARIABLES) as (keyof ExportPalette)[]) {
      probe.style.color = "";
      probe.style.color = `var(${VARIABLES[key]})`;
      const computed = getComputedStyle(probe).color;
      const resolved = context && computed ? toHex(context, computed) : null;
      if (resolved) palette[key] = resolved;
    }
  } finally {
    probe.remove();
  }
  return palette;
}

const SENTINEL = "#010203";

function toHex(context: CanvasRenderingContext2D, color: string): string | null {
  context.fillStyle = SENTINEL;
  context.fillStyle = color;
  // The canvas kept the sentinel: it could not read the colour.
  if (context.fillStyle === SENTINEL && color.toLowerCase() !== SENTINEL) return null;
  context.clearRect(0, 0, 1, 1);
  context.fillRect(0, 0, 1, 1);
  const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
  if (a === 0) return null;
  return `#${[r, g, b].map((value) => value.toString(16).padStart(2, "0")).join("")}`;
}
